#!/usr/bin/env node
// Entry point of the `lens` command (bin): parses the command line and runs the command.
import { buildProgram } from "./cli/program.js";

await buildProgram().parseAsync(process.argv);
