// The version Lens reports to MCP clients and on the command line, taken from package.json.
import pkg from "../package.json" with { type: "json" };

export const LENS_VERSION: string = pkg.version;
