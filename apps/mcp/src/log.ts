// Structured logging: pino to stderr (stdout stays free for the stdio transport and CLI output).
import { type Logger, pino } from "pino";

export type Log = Logger;

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

const LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function isLogLevel(value: string): value is LogLevel {
  return (LEVELS as readonly string[]).includes(value);
}

/** A pino logger writing JSON lines to stderr. */
export function createLogger(level: LogLevel = "info"): Log {
  return pino(
    { name: "lens", level, base: { pid: process.pid } },
    pino.destination({ fd: 2, sync: true }),
  );
}

/** A logger that drops everything: the default for library use and tests. */
export function silentLog(): Log {
  return pino({ level: "silent" });
}
