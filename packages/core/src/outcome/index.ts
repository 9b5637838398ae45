export {
  failure,
  type LensError,
  lensError,
  type Outcome,
  success,
  type ToolErrorCode,
} from "./outcome.js";
export {
  CODE_PROBLEMS,
  PROBLEM_BASE,
  PROBLEMS,
  type ProblemType,
  problemOf,
  STATUS_PROBLEMS,
} from "./problems.js";
