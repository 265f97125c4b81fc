// The workbench's entry form (workbench.js): a card-set file's entry edited in a form generated
// from the file's JSON Schema (the game's pydantic content model), knowing no game. Each control
// carries the dotted path of its value ("stock.gs", "levels.0.bribe"): the path the loader's
// messages name, so an error is shown beside its field. Kinds of control:
//   enum -> select; integer/number -> number input (minimum, maximum, multipleOf as step);
//   boolean -> checkbox; string -> text (a long one: a text area); anyOf [X, null] -> X, optional
//   (empty = absent: TOML has no null); a union of scalars -> text, read as a number where one fits;
//   an array of scalars -> a comma list; an object with properties -> a fieldset; an array of such
//   objects -> a fieldset an item; anything else (a free table, a tuple) -> JSON in a text area.
import { esc } from "./util.js";

// `schema` with its $ref followed (against the file's root schema and its $defs).
export function resolve(schema, root) {
  let s = schema || {};
  for (let hops = 0; s.$ref && hops < 20; hops++) {
    const name = s.$ref.split("/").pop();
    const { $ref, ...rest } = s;
    s = { ...(root.$defs?.[name] || {}), ...rest };
  }
  return s;
}

// {schema: X, optional: true} for anyOf [X, null]; the schema itself otherwise.
export function unwrap(schema, root) {
  const s = resolve(schema, root);
  if (Array.isArray(s.anyOf)) {
    const others = s.anyOf.filter((x) => x.type !== "null");
    if (others.length === 1 && others.length < s.anyOf.length) {
      const { anyOf, ...rest } = s;
      return { schema: { ...resolve(others[0], root), ...rest }, optional: true };
    }
  }
  return { schema: s, optional: false };
}

const SCALARS = new Set(["string", "integer", "number", "boolean"]);
const isObjectSchema = (s) => s.type === "object" && s.properties;
const isScalarArray = (s) => s.type === "array" && !s.prefixItems && SCALARS.has(s.items?.type);
const isUnionOfScalars = (s) => Array.isArray(s.anyOf) && s.anyOf.every((x) => SCALARS.has(x.type) || x.const !== undefined);

// The kind of control a (resolved, unwrapped) schema gets.
export function kindOf(s, root) {
  if (s.enum) return "enum";
  if (s.type === "integer" || s.type === "number") return "number";
  if (s.type === "boolean") return "boolean";
  if (s.type === "string") return "string";
  if (isUnionOfScalars(s)) return "union";
  if (isScalarArray(s)) return "list";
  if (isObjectSchema(s)) return "object";
  if (s.type === "array" && !s.prefixItems && isObjectSchema(resolve(s.items, root))) return "objects";
  return "json";
}

// The title a field shows: the schema's (pydantic makes one of the key), else the key in words.
const titleOf = (key, s) =>
  s.title ||
  String(key)
    .replace(/_/g, " ")
    .replace(/^\w/, (c) => c.toUpperCase());
const pathText = (path) => path.join(".");
const idOf = (path) => `f-${path.join("-").replace(/[^\w-]/g, "_")}`;

// A value for a new entry: what the schema requires, filled with its defaults, its first choice,
// its minimum or an empty text (the check then names what a designer must still fill in).
export function skeleton(schema, root) {
  const { schema: s, optional } = unwrap(schema, root);
  if (optional) return undefined;
  if (s.default !== undefined) return structuredClone(s.default);
  if (s.const !== undefined) return s.const;
  switch (kindOf(s, root)) {
    case "enum":
      return s.enum[0];
    case "number":
      return s.minimum ?? 0;
    case "boolean":
      return false;
    case "string":
      return "";
    case "union":
      return skeleton(s.anyOf[0], root);
    case "list":
      return [];
    case "object": {
      const out = {};
      for (const key of s.required || []) {
        const v = skeleton(s.properties[key], root);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    case "objects":
      return Array.from({ length: s.minItems || 0 }, () => skeleton(s.items, root));
    default:
      return s.type === "array" ? [] : {};
  }
}

// ------------------------------------------------------------------ drawing
// The form's fields for `value` (an entry, or a file's top-level values) under the schema `schema`:
// `keys` limits an object's fields to those (a file's top level, without its entry lists).
export function fieldsHtml(schema, value, root, { readOnly = false, keys = null } = {}) {
  const s = resolve(schema, root);
  const ctx = { root, readOnly };
  return Object.entries(s.properties || {})
    .filter(([k]) => !keys || keys.includes(k))
    .map(([k, p]) => fieldHtml(k, p, value?.[k], [k], ctx, (s.required || []).includes(k)))
    .join("");
}

function fieldHtml(key, schema, value, path, ctx, required) {
  const { schema: s, optional } = unwrap(schema, ctx.root);
  const kind = kindOf(s, ctx.root);
  const title = titleOf(key, schema); // the field's own title: a $ref's is its type's ("Effect")
  const absent = value === undefined;
  const shown = absent ? s.default : value;
  const help = [s.description, limitsText(s, kind), optional || (!required && s.default === undefined) ? "optional" : ""]
    .filter(Boolean)
    .join(" · ");
  const p = pathText(path);
  const err = `<span class="field-error" data-error-for="${esc(p)}" role="alert" hidden></span>`;
  const helpHtml = help ? `<span class="field-help">${esc(help)}</span>` : "";
  const dis = ctx.readOnly ? "disabled" : "";
  if (kind === "object") {
    const present = !absent || !(optional || !required);
    const toggle =
      optional || !required
        ? `<label class="present"><input type="checkbox" data-path="${esc(p)}" data-kind="present" ${present ? "checked" : ""} ${dis}> has ${esc(title.toLowerCase())}</label>`
        : "";
    const inner = present
      ? Object.entries(s.properties)
          .map(([k, sub]) => fieldHtml(k, sub, value?.[k], [...path, k], ctx, (s.required || []).includes(k)))
          .join("")
      : "";
    return `<fieldset class="wb-group" data-group="${esc(p)}"><legend>${esc(title)}</legend>${toggle}${helpHtml}${err}${inner}</fieldset>`;
  }
  if (kind === "objects") {
    const items = Array.isArray(value) ? value : [];
    const item = resolve(s.items, ctx.root);
    const canAdd = !ctx.readOnly && (s.maxItems === undefined || items.length < s.maxItems);
    const canRemove = !ctx.readOnly && items.length > (s.minItems || 0);
    const inner = items
      .map(
        (v, i) =>
          `<fieldset class="wb-group" data-group="${esc(pathText([...path, i]))}"><legend>${esc(title)} ${i + 1}</legend>${Object.entries(
            item.properties,
          )
            .map(([k, sub]) => fieldHtml(k, sub, v?.[k], [...path, i, k], ctx, (item.required || []).includes(k)))
            .join("")}</fieldset>`,
      )
      .join("");
    const buttons =
      canAdd || canRemove
        ? `<div class="wb-item-buttons">${canAdd ? `<button type="button" data-path="${esc(p)}" data-act="add-item">Add one</button>` : ""}${canRemove ? `<button type="button" data-path="${esc(p)}" data-act="remove-item">Remove the last</button>` : ""}</div>`
        : "";
    return `<fieldset class="wb-group wb-items" data-group="${esc(p)}"><legend>${esc(title)}</legend>${helpHtml}${err}${inner}${buttons}</fieldset>`;
  }
  const id = idOf(path);
  const attrs = `id="${id}" data-path="${esc(p)}" data-kind="${kind}" ${optional || !required ? 'data-optional="1"' : ""} ${dis}`;
  let control;
  if (kind === "enum") {
    const none = optional || (!required && s.default === undefined) ? `<option value="">(none)</option>` : "";
    control = `<select ${attrs}>${none}${s.enum
      .map((v, i) => `<option value="${i}" ${v === shown ? "selected" : ""}>${esc(String(v))}</option>`)
      .join("")}</select>`;
  } else if (kind === "number") {
    const step = s.multipleOf ?? (s.type === "integer" ? 1 : "any");
    const lim = `${s.minimum !== undefined ? `min="${s.minimum}"` : ""} ${s.maximum !== undefined ? `max="${s.maximum}"` : ""}`;
    control = `<input type="number" inputmode="numeric" step="${step}" ${lim} value="${esc(shown ?? "")}" ${attrs}>`;
  } else if (kind === "boolean") {
    return `<div class="wb-field wb-check"><label><input type="checkbox" ${shown ? "checked" : ""} ${attrs}> <span class="field-title">${esc(title)}</span></label>${helpHtml}${err}</div>`;
  } else if (kind === "string") {
    const text = String(shown ?? "");
    control =
      text.length > 50 || /text|note|description/i.test(key)
        ? `<textarea rows="${Math.min(6, 1 + Math.ceil(text.length / 60))}" ${attrs}>${esc(text)}</textarea>`
        : `<input type="text" value="${esc(text)}" ${attrs}>`;
  } else if (kind === "union" || kind === "list") {
    const text = kind === "list" ? (Array.isArray(shown) ? shown.join(", ") : "") : (shown ?? "");
    control = `<input type="text" value="${esc(String(text))}" ${attrs}>`;
  } else {
    const text = shown === undefined ? "" : JSON.stringify(shown, null, 1);
    control = `<textarea class="wb-json" rows="${Math.min(8, text.split("\n").length + 1)}" spellcheck="false" ${attrs}>${esc(text)}</textarea>`;
  }
  return `<div class="wb-field"><label for="${id}" class="field-title">${esc(title)}</label>${control}${helpHtml}${err}</div>`;
}

function limitsText(s, kind) {
  if (kind === "number") {
    const parts = [];
    if (s.minimum !== undefined && s.maximum !== undefined) parts.push(`${s.minimum} to ${s.maximum}`);
    else if (s.minimum !== undefined) parts.push(`at least ${s.minimum}`);
    else if (s.maximum !== undefined) parts.push(`at most ${s.maximum}`);
    if (s.multipleOf) parts.push(`a multiple of ${s.multipleOf}`);
    return parts.join(", ");
  }
  if (kind === "list") {
    const of = s.items.enum ? `of ${s.items.enum.join(", ")}` : `${s.items.type}s`;
    return `comma-separated ${of}`;
  }
  if (kind === "union")
    return `one of: ${s.anyOf.map((x) => (x.const !== undefined ? JSON.stringify(x.const) : `a ${x.type}`)).join(", ")}`;
  if (kind === "json") return "JSON";
  return "";
}

// ------------------------------------------------------------------ reading a control back
// The value a control holds, as its schema wants it; {error} when it cannot be read (bad JSON),
// {absent: true} when an optional field is left empty.
export function readControl(el, schema, root) {
  const { schema: s } = unwrap(schema, root);
  const kind = el.dataset.kind;
  const optional = el.dataset.optional === "1";
  const raw = el.type === "checkbox" ? el.checked : el.value;
  if (kind === "boolean") return { value: raw };
  if (optional && raw === "") return { absent: true };
  if (kind === "enum") return { value: s.enum[Number(raw)] };
  if (kind === "number") {
    // an empty or half-typed number is sent as it is: the loader's own message names the field
    if (raw === "" || Number.isNaN(Number(raw))) return { value: raw };
    return { value: Number(raw) };
  }
  if (kind === "string") return { value: raw };
  if (kind === "union") return { value: unionValue(raw.trim(), s) };
  if (kind === "list") {
    const parts = raw.split(",").map((x) => x.trim());
    const items = parts.length === 1 && parts[0] === "" ? [] : parts;
    const numeric = s.items.type === "integer" || s.items.type === "number";
    return { value: items.map((x) => (numeric && x !== "" && !Number.isNaN(Number(x)) ? Number(x) : x)) };
  }
  try {
    return { value: JSON.parse(raw) };
  } catch (e) {
    return { error: `not valid JSON: ${e.message}` };
  }
}

function unionValue(text, s) {
  const types = new Set(s.anyOf.map((x) => x.type));
  if ((types.has("integer") || types.has("number")) && text !== "" && !Number.isNaN(Number(text))) return Number(text);
  if (types.has("boolean") && (text === "true" || text === "false")) return text === "true";
  return text;
}

// The schema of the value at `path` (a list of keys and indexes) under `schema`.
export function schemaAt(schema, path, root) {
  let s = schema;
  for (const key of path) {
    const u = unwrap(s, root).schema;
    s = typeof key === "number" || /^\d+$/.test(key) ? u.items : u.properties?.[key];
    if (!s) return {};
  }
  return s;
}

// `path` as the keys and indexes it names ("levels.0.bribe" -> ["levels", 0, "bribe"]).
export const splitPath = (text) => text.split(".").map((k) => (/^\d+$/.test(k) ? Number(k) : k));

export function getAt(obj, path) {
  let o = obj;
  for (const k of path) o = o?.[k];
  return o;
}

// `value` set at `path` in `obj` (objects made on the way); `undefined` deletes the key.
export function setAt(obj, path, value) {
  let o = obj;
  for (const k of path.slice(0, -1)) {
    if (o[k] === undefined || o[k] === null || typeof o[k] !== "object") o[k] = {};
    o = o[k];
  }
  const last = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(o)) o.splice(last, 1);
    else delete o[last];
  } else o[last] = value;
}
