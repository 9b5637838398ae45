// Structured logging: pino to stderr (stdout stays free for the stdio transport and CLI output).
// JSON lines with level names and ISO times for machines; pino-pretty's lines on a terminal.
import { type DestinationStream, type Logger, pino } from "pino";
import pretty from "pino-pretty";

export type Log = Logger;

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

const LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function isLogLevel(value: string): value is LogLevel {
  return (LEVELS as readonly string[]).includes(value);
}

export type LogFormat = "json" | "pretty";

/** `LENS_LOG_FORMAT` if it names a format, else pretty on a terminal and JSON otherwise. */
export function logFormat(env: Record<string, string | undefined> = process.env): LogFormat {
  const asked = env.LENS_LOG_FORMAT?.trim().toLowerCase();
  if (asked === "json" || asked === "pretty") return asked;
  return process.stderr.isTTY === true ? "pretty" : "json";
}

/**
 * A pino logger writing to stderr: `{"level":"info","time":"2026-…Z",…,"msg":…}` lines (JSON
 * lines go to `destination` instead when one is given: tests read them).
 */
export function createLogger(
  level: LogLevel = "info",
  format: LogFormat = logFormat(),
  destination?: DestinationStream,
): Log {
  const options = {
    name: "lens",
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (format === "pretty") {
    return pino(
      options,
      pretty({
        destination: 2,
        sync: true,
        colorize: process.stderr.isTTY === true,
        singleLine: true,
        ignore: "pid,hostname,name",
      }),
    );
  }
  return pino(
    { ...options, formatters: { level: (label) => ({ level: label }) } },
    destination ?? pino.destination({ fd: 2, sync: true }),
  );
}

/** A logger that drops everything: the default for library use and tests. */
export function silentLog(): Log {
  return pino({ level: "silent" });
}
