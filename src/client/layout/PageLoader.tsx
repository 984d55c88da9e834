import { Center, Loader } from "@mantine/core";

/** Shown while a screen's code or the session loads. */
export function PageLoader() {
  return (
    <Center mih="40vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
