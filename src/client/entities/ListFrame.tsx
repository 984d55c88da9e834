import { Alert, Button, Group, Stack, TextInput, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

export interface ListFrameProps {
  title: string;
  /** The "Add …" button, when the user may add. */
  add?: { label: string; to: string };
  searchLabel: string;
  searchPlaceholder: string;
  searchText: string;
  onSearchText: (text: string) => void;
  /** Filters beside the search box. */
  filters?: ReactNode;
  /** Why the list could not be loaded. */
  error?: Error | null;
  /** The table. */
  children: ReactNode;
}

/** Heading, add button, search and filters above a list's table: the same on every list. */
export function ListFrame(props: ListFrameProps) {
  const { title, add, searchLabel, searchPlaceholder, searchText, onSearchText, filters, error, children } = props;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{title}</Title>
        {add && (
          <Button component={Link} to={add.to}>
            {add.label}
          </Button>
        )}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          aria-label={searchLabel}
          placeholder={searchPlaceholder}
          value={searchText}
          onChange={(event) => onSearchText(event.currentTarget.value)}
          style={{ flex: "1 1 16rem", maxWidth: "28rem" }}
        />
        {filters}
      </Group>
      {error && (
        <Alert color="red" title={`The ${title.toLowerCase()} could not be loaded`}>
          {error.message}
        </Alert>
      )}
      {children}
    </Stack>
  );
}
