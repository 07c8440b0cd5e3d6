import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { commandOfRegex, commandRegex } from "../../src/packs/permissions/command-regex.js";

describe("a command prefix as a regular expression over the command line", () => {
  it("matches the command and what follows a space, not a longer word", () => {
    const regex = new RegExp(commandRegex("git push"));
    assert.equal(commandRegex("git push"), String.raw`^git push(\s|$)`);
    for (const yes of ["git push", "git push origin main", "git push\t-f"]) assert.ok(regex.test(yes), yes);
    for (const no of ["git pushx", "echo git push", " git push", "git pull"]) assert.ok(!regex.test(no), no);
  });

  it("takes every character of the prefix literally", () => {
    const regex = new RegExp(commandRegex("npm run build:prod (x) a.b*"));
    assert.ok(regex.test("npm run build:prod (x) a.b* --watch"));
    assert.ok(!regex.test("npm run build:prod (x) aXb* --watch"));
    assert.ok(!regex.test("npm run build:prod x a.b"));
  });

  it("reads back only the form it writes", () => {
    for (const prefix of ["rm -rf", "npm run build:prod (x) a.b*", "cat /etc/hosts"])
      assert.equal(commandOfRegex(commandRegex(prefix)), prefix);
    for (const other of ["^rm -rf", "rm -rf(\\s|$)", "^rm.*(\\s|$)", "^(\\s|$)", "^a|b(\\s|$)"])
      assert.equal(commandOfRegex(other), undefined, other);
  });
});
