import os from "node:os";
import type { RunFacts } from "./measurement.ts";

/** The machine the figures were measured on, as the OS reports it. */
export function machineFacts(): RunFacts["machine"] {
  const cpus = os.cpus();
  return {
    cores: os.availableParallelism?.() ?? cpus.length,
    cpuModel: cpus[0]?.model.trim() || "unknown CPU",
    memoryGiB: os.totalmem() / 1024 ** 3,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}
