/**
 * `npm run dev`: the API with reload (tsx watch, port 3000) and the client with hot reload
 * (Vite, port 5173, proxying /api to the API). Open http://localhost:5173.
 */
import { type ChildProcess, spawn } from "node:child_process";

const children: ChildProcess[] = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], { stdio: "inherit", env: process.env }),
  spawn("npx", ["vite"], { stdio: "inherit", env: process.env }),
];

function stop(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exit(code);
}
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
