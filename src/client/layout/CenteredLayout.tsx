import { Box, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Outlet } from "react-router-dom";
import { ProductMark } from "./ProductMark.tsx";

/** One card in the middle of the page: the sign-in and password screens. */
export function CenteredLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0" px="md" py={{ base: 32, sm: 72 }}>
      <Stack maw={420} mx="auto" gap="lg">
        <Stack align="center" gap={4}>
          <ProductMark size="lg" />
          <Text size="sm" c="dimmed">
            Measurement-based care
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" radius="md" p={{ base: "lg", sm: "xl" }}>
          {children}
        </Paper>
      </Stack>
    </Box>
  );
}

/** Layout route of the anonymous /security pages. */
export function SecurityLayout() {
  return (
    <CenteredLayout>
      <Outlet />
    </CenteredLayout>
  );
}
