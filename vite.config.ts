import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The client lives in src/client; the server serves the build from dist/client.
export default defineConfig({
  root: "src/client",
  plugins: [react()],
  build: { outDir: "../../dist/client", emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  server: { port: 5173, proxy: { "^/api/(?!.*\\.tsx?(\\?.*)?$)": "http://127.0.0.1:3000" } },
});
