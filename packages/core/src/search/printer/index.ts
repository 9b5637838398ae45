// Printers: one sink per output mode, writing into bounded output.
export { type ContentOptions, ContentPrinter } from "./contentPrinter.js";
export { type CountOptions, CountPrinter } from "./countPrinter.js";
export {
  type EntryFormat,
  type EntryStyle,
  entryFormat,
  type GrepEntry,
  renderEntry,
  STRING_FORMAT,
} from "./entries.js";
export { FilesPrinter } from "./filesPrinter.js";
export { type OutputLimits, OutputLines } from "./output.js";
export { RG_SEPARATORS, type Separators } from "./separators.js";
