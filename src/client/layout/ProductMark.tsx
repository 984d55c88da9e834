import { Group, Text } from "@mantine/core";

/** The product's name with a small chart mark (measures over time). */
export function ProductMark({ size = "md" }: { size?: "md" | "lg" }) {
  const px = size === "lg" ? 32 : 26;
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={px} height={px} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
        <path
          d="M8 21l5-5 4 3 7-8"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Text fw={800} fz={size === "lg" ? 22 : 18} lts={0.5}>
        MBC
      </Text>
    </Group>
  );
}
