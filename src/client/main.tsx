import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { startSession } from "./auth/session-actions.ts";

// Confirm a stored session (or sign a print page in with its pdf-key) while React starts; the
// guards wait for the answer. This runs before the router is made: the pdf-key leaves the address first.
void startSession();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
