import { ActionIcon } from "@mantine/core";
import { useStarMeasure } from "./measure-api.ts";

/** The library star of one measure, per user; a toggle button that says its state. */
export function StarToggle({ id, abbreviation, starred }: { id: number; abbreviation: string; starred: boolean }) {
  const star = useStarMeasure();
  // Shows the asked-for state while the server answers, and the server's once it has.
  const shown = star.isPending && star.variables?.id === id ? star.variables.starred : starred;
  return (
    <ActionIcon
      variant="subtle"
      color={shown ? "yellow" : "gray"}
      size="lg"
      aria-label={`Star ${abbreviation}`}
      aria-pressed={shown}
      onClick={() => star.mutate({ id, starred: !shown })}
    >
      <span aria-hidden="true" style={{ fontSize: 22, lineHeight: 1 }}>
        {shown ? "★" : "☆"}
      </span>
    </ActionIcon>
  );
}
