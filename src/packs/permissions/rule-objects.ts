import { patternKindOf, type Verb } from "../../core/model.js";
import { isObject } from "../../shared/json-shape.js";
import type { PermissionRuleForm, RuleObjectTemplate } from "./model.js";

/** What fills one rule object's slots. */
export interface RuleObjectSlots {
  tool: string;
  action: string;
  /** The rule's patterns; empty for a coarse rule, whose `{arguments}` member is left out. */
  arguments: readonly string[];
  /** The name the tool's pattern is matched against, for an `{argument_key}` key. */
  argumentKey?: string;
}

export type FilledRuleObject = { [key: string]: string | string[] | FilledRuleObject };

/**
 * The pack's rule object with its slots filled; a nested object left empty is left out. An `{argument}`
 * slot takes the first pattern only: see argumentsPerObject.
 */
export function fillRuleObject(template: RuleObjectTemplate, slots: RuleObjectSlots): FilledRuleObject {
  const object: FilledRuleObject = {};
  for (const [rawKey, slot] of Object.entries(template)) {
    const key = rawKey === "{argument_key}" ? slots.argumentKey : rawKey;
    if (key === undefined) continue;
    if (typeof slot !== "string") {
      const nested = fillRuleObject(slot, slots);
      if (Object.keys(nested).length > 0) object[key] = nested;
    } else if (slot === "{arguments}") {
      if (slots.arguments.length > 0) object[key] = [...slots.arguments];
    } else if (slot === "{argument}") {
      if (slots.arguments[0] !== undefined) object[key] = slots.arguments[0];
    } else object[key] = slot.split("{tool}").join(slots.tool).split("{action}").join(slots.action);
  }
  return object;
}

/**
 * A rule object read back through the pack's template: its tool, action and patterns (one string or a
 * list). Undefined when the value does not have the template's shape.
 */
export function readRuleObject(template: RuleObjectTemplate, value: unknown): RuleObjectSlots | undefined {
  const read: Read = { arguments: [] };
  if (!readInto(template, value, read) || read.tool === undefined || read.action === undefined)
    return undefined;
  const { tool, action, argumentKey } = read;
  return { tool, action, arguments: read.arguments, ...(argumentKey === undefined ? {} : { argumentKey }) };
}

type Read = { tool?: string; action?: string; arguments: string[]; argumentKey?: string };

function readInto(template: RuleObjectTemplate, value: unknown, read: Read): boolean {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  const others = keys.filter((k) => !(k in template));
  const keyed = "{argument_key}" in template;
  if (others.length > (keyed ? 1 : 0)) return false;
  for (const [rawKey, slot] of Object.entries(template)) {
    const key = rawKey === "{argument_key}" ? others[0] : rawKey;
    if (rawKey === "{argument_key}" && key !== undefined) read.argumentKey = key;
    const member = key === undefined ? undefined : value[key];
    if (typeof slot !== "string") {
      if (member !== undefined && !readInto(slot, member, read)) return false;
    } else if (slot === "{arguments}") {
      const list = typeof member === "string" ? [member] : member;
      if (list === undefined) continue;
      if (!Array.isArray(list) || !list.every((a) => typeof a === "string")) return false;
      read.arguments.push(...list);
    } else if (slot === "{argument}") {
      if (member === undefined) continue;
      if (typeof member !== "string") return false;
      read.arguments.push(member);
    } else if (slot === "{tool}" || slot === "{action}") {
      if (typeof member !== "string") return false;
      read[slot === "{tool}" ? "tool" : "action"] = member;
    } else if (member !== slot) return false;
  }
  return true;
}

/** A command rule's argument, and the bare command beside its suffix form when the client needs both. */
export function execArguments(
  form: PermissionRuleForm & { permission_exec_bare_too?: boolean },
  verb: Verb,
  argument: string,
): string[] {
  const suffix = form.permission_exec_suffix;
  const bareToo = patternKindOf[verb] === "commands" && form.permission_exec_bare_too && suffix !== "";
  return bareToo && argument.endsWith(suffix) ? [argument.slice(0, -suffix.length), argument] : [argument];
}

/** A template with an `{argument}` slot holds one pattern, so each pattern gets its own object. */
export function argumentsPerObject(template: RuleObjectTemplate, args: readonly string[]): string[][] {
  const single = JSON.stringify(template).includes('"{argument}"');
  return single && args.length > 0 ? args.map((a) => [a]) : [[...args]];
}
