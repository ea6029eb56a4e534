// What a run ran on, so that runs can be compared: CPU, cores, Node, load.
import { readFileSync } from 'node:fs';
import os from 'node:os';

function cpuModel() {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('model name'));
    if (line) return line.slice(line.indexOf(':') + 1).trim();
  } catch {
    // Not Linux: fall back to what Node reports.
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

export function machine() {
  return {
    cpu: cpuModel(),
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
  };
}

// 1, 5 and 15 minute load averages, rounded as uptime prints them.
export function load() {
  return os.loadavg().map((x) => Math.round(x * 100) / 100);
}
