// Progress of long work (loading, importing, exporting): a bar on a terminal, otherwise a log
// line every few seconds and one at the end.
import cliProgress from "cli-progress";
import { type Log, logFormat } from "../log.js";

export interface Progress {
  done: number;
  total: number;
}

export interface ProgressReporter {
  update(progress: Progress): void;
  /** Ends the bar (or writes the final log line). */
  stop(): void;
}

export function progressReporter(
  label: string,
  log: Log,
  options: { tty?: boolean; intervalMs?: number } = {},
): ProgressReporter {
  // The bar only where logs are pretty lines on the same terminal; JSON logs get log lines.
  const tty =
    options.tty ??
    (process.stderr.isTTY === true && logFormat() === "pretty" && log.isLevelEnabled("info"));
  if (tty) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label.padEnd(18)} [{bar}] {percentage}% | {value}/{total}`,
        stream: process.stderr,
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update({ done, total }) {
        if (total === 0) return; // nothing to show: no "0/0" bar for an empty directory
        if (!started) {
          bar.start(total, done);
          started = true;
        } else {
          bar.setTotal(total);
          bar.update(done);
        }
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  const interval = options.intervalMs ?? 2000;
  let last = 0;
  let latest: Progress | undefined;
  return {
    update(p) {
      latest = p;
      const now = Date.now();
      if (now - last >= interval && p.done < p.total) {
        last = now;
        log.info({ done: p.done, total: p.total }, `${label}…`);
      }
    },
    stop() {
      if (latest && latest.total > 0)
        log.info({ done: latest.done, total: latest.total }, `${label}: done`);
    },
  };
}
