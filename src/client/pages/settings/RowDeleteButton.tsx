import { Button } from "@mantine/core";

/** A settings table row's "Delete", named after the record for screen readers ("Delete Main office"). */
export function RowDeleteButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button size="compact-sm" variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onClick}>
      Delete
    </Button>
  );
}
