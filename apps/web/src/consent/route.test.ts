import { describe, expect, it } from "vitest";
import { consentId } from "./route.js";

describe("consent route", () => {
  it("takes an id of the server's shape only", () => {
    expect(consentId("#/consent/abcdefghijklmnopqrstuvwxyzABCDEF")).toBe(
      "abcdefghijklmnopqrstuvwxyzABCDEF",
    );
    expect(consentId("#/consent/short")).toBeUndefined();
    expect(consentId("#/consent/abcdefghijklmnopqrstuv/../x")).toBeUndefined();
    expect(consentId("#/queue")).toBeUndefined();
  });
});
