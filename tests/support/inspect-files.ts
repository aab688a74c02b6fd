// Opens the downloadable files the way a visitor's software would, so tests can check their real structure: PDFs
// (pdf.js) and MP4s with the readers the build uses, workbooks with exceljs plus a small formula evaluator.
import * as formulajs from "@formulajs/formulajs";
import ExcelJS from "exceljs";

export { inspectPdf } from "../../readers/pdf";
export { inspectMp4 } from "../../readers/mp4";

// ---------------------------------------------------------------------------------------------------------------
// XLSX: open with exceljs and evaluate formulas with formulajs, so a test can change an input and read outputs.

export async function openWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook;
}

export type CellValue = number | string | boolean | Error | CellValue[];

type Token =
  | { kind: "number"; value: number }
  | { kind: "string"; value: string }
  | { kind: "bool"; value: boolean }
  | { kind: "ref"; value: string }
  | { kind: "range"; from: string; to: string }
  | { kind: "func"; value: string }
  | { kind: "op"; value: string }
  | { kind: "paren"; value: "(" | ")" }
  | { kind: "comma" };

function tokenize(formula: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s*(?:(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|"((?:[^"]|"")*)"|(\$?[A-Z]{1,3}\$?\d+):(\$?[A-Z]{1,3}\$?\d+)|(\$?[A-Z]{1,3}\$?\d+)(?![\w(])|([A-Z][A-Z0-9.]*)\s*\(|(TRUE|FALSE)\b|(<=|>=|<>|[-+*/^&=<>%])|([()])|(,))/gy;
  let match: RegExpExecArray | null;
  let position = 0;
  while (position < formula.length && (match = pattern.exec(formula))) {
    position = pattern.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: "number", value: Number(match[1]) });
    else if (match[2] !== undefined) tokens.push({ kind: "string", value: match[2].replace(/""/g, '"') });
    else if (match[3] !== undefined && match[4] !== undefined) tokens.push({ kind: "range", from: match[3], to: match[4] });
    else if (match[5] !== undefined) tokens.push({ kind: "ref", value: match[5] });
    else if (match[6] !== undefined) {
      tokens.push({ kind: "func", value: match[6] });
      tokens.push({ kind: "paren", value: "(" });
    } else if (match[7] !== undefined) tokens.push({ kind: "bool", value: match[7] === "TRUE" });
    else if (match[8] !== undefined) tokens.push({ kind: "op", value: match[8] });
    else if (match[9] !== undefined) tokens.push({ kind: "paren", value: match[9] as "(" | ")" });
    else if (match[10] !== undefined) tokens.push({ kind: "comma" });
  }
  if (formula.slice(position).trim() !== "") throw new Error(`Cannot read formula at "${formula.slice(position)}"`);
  return tokens;
}

const functions = formulajs as unknown as Record<string, ((...args: unknown[]) => unknown) | undefined>;

function columnNumber(letters: string): number {
  return [...letters].reduce((total, letter) => total * 26 + letter.charCodeAt(0) - 64, 0);
}

function splitAddress(address: string): { column: number; row: number } {
  const match = /^\$?([A-Z]{1,3})\$?(\d+)$/.exec(address);
  if (!match?.[1] || !match[2]) throw new Error(`Bad cell address ${address}`);
  return { column: columnNumber(match[1]), row: Number(match[2]) };
}

function toNumber(value: CellValue): number | Error {
  if (value instanceof Error) return value;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value))) return Number(value);
  if (typeof value === "string" && value === "") return 0;
  return new Error("#VALUE!");
}

/** Evaluates cells of one worksheet; `overrides` replace input values without touching the workbook. */
export class SheetEvaluator {
  private readonly cache = new Map<string, CellValue>();
  private readonly sheet: ExcelJS.Worksheet;
  private readonly overrides: Record<string, number | string>;

  constructor(sheet: ExcelJS.Worksheet, overrides: Record<string, number | string> = {}) {
    this.sheet = sheet;
    this.overrides = Object.fromEntries(Object.entries(overrides).map(([address, value]) => [address.replace(/\$/g, ""), value]));
  }

  value(address: string): CellValue {
    const key = address.replace(/\$/g, "");
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    let result: CellValue;
    if (key in this.overrides) {
      result = this.overrides[key] as number | string;
    } else {
      const raw = this.sheet.getCell(key).value;
      if (raw === null || raw === undefined) result = 0;
      else if (typeof raw === "number" || typeof raw === "string" || typeof raw === "boolean") result = raw;
      else if (typeof raw === "object" && "formula" in raw && typeof raw.formula === "string") result = this.evaluate(raw.formula);
      else throw new Error(`Unsupported value in ${key}`);
    }
    this.cache.set(key, result);
    return result;
  }

  evaluate(formula: string): CellValue {
    const tokens = tokenize(formula.replace(/^=/, ""));
    let index = 0;
    const peek = () => tokens[index];
    const isOp = (...ops: string[]) => {
      const token = peek();
      return token?.kind === "op" && ops.includes(token.value);
    };
    const arithmetic = (left: CellValue, right: CellValue, op: string): CellValue => {
      const a = toNumber(left);
      const b = toNumber(right);
      if (a instanceof Error) return a;
      if (b instanceof Error) return b;
      if (op === "+") return a + b;
      if (op === "-") return a - b;
      if (op === "*") return a * b;
      if (op === "/") return b === 0 ? new Error("#DIV/0!") : a / b;
      return a ** b;
    };
    const compare = (left: CellValue, right: CellValue, op: string): boolean => {
      const a = typeof left === "number" || typeof left === "boolean" ? Number(left) : String(left).toLowerCase();
      const b = typeof right === "number" || typeof right === "boolean" ? Number(right) : String(right).toLowerCase();
      if (op === "=") return a === b;
      if (op === "<>") return a !== b;
      if (op === "<") return a < b;
      if (op === ">") return a > b;
      if (op === "<=") return a <= b;
      return a >= b;
    };

    const primary = (): CellValue => {
      const token = tokens[index];
      index += 1;
      if (!token) throw new Error(`Unexpected end of formula ${formula}`);
      if (token.kind === "number" || token.kind === "string" || token.kind === "bool") return token.value;
      if (token.kind === "ref") return this.value(token.value);
      if (token.kind === "range") {
        const from = splitAddress(token.from);
        const to = splitAddress(token.to);
        const values: CellValue[] = [];
        for (let row = from.row; row <= to.row; row += 1) {
          for (let column = from.column; column <= to.column; column += 1) {
            values.push(this.value(this.sheet.getCell(row, column).address));
          }
        }
        return values;
      }
      if (token.kind === "paren" && token.value === "(") {
        const inner = comparison();
        index += 1; // ")"
        return inner;
      }
      if (token.kind === "func") {
        index += 1; // "("
        const args: CellValue[] = [];
        while (!(peek()?.kind === "paren" && (peek() as { value: string }).value === ")")) {
          args.push(comparison());
          if (peek()?.kind === "comma") index += 1;
        }
        index += 1; // ")"
        const fn = functions[token.value];
        if (!fn) throw new Error(`Formula function ${token.value} is not supported`);
        return fn(...args) as CellValue;
      }
      if (token.kind === "op" && (token.value === "-" || token.value === "+")) {
        const operand = power();
        return token.value === "-" ? arithmetic(0, operand, "-") : operand;
      }
      throw new Error(`Unexpected token in ${formula}`);
    };
    const percent = (): CellValue => {
      let value = primary();
      while (isOp("%")) {
        index += 1;
        value = arithmetic(value, 100, "/");
      }
      return value;
    };
    const power = (): CellValue => {
      let value = percent();
      while (isOp("^")) {
        index += 1;
        value = arithmetic(value, percent(), "^");
      }
      return value;
    };
    const product = (): CellValue => {
      let value = power();
      while (isOp("*", "/")) {
        const op = (tokens[index] as { value: string }).value;
        index += 1;
        value = arithmetic(value, power(), op);
      }
      return value;
    };
    const sum = (): CellValue => {
      let value = product();
      while (isOp("+", "-")) {
        const op = (tokens[index] as { value: string }).value;
        index += 1;
        value = arithmetic(value, product(), op);
      }
      return value;
    };
    const concat = (): CellValue => {
      let value = sum();
      while (isOp("&")) {
        index += 1;
        value = `${String(value)}${String(sum())}`;
      }
      return value;
    };
    const comparison = (): CellValue => {
      let value = concat();
      while (isOp("=", "<>", "<", ">", "<=", ">=")) {
        const op = (tokens[index] as { value: string }).value;
        index += 1;
        value = compare(value, concat(), op);
      }
      return value;
    };

    const result = comparison();
    if (index !== tokens.length) throw new Error(`Could not read all of formula ${formula}`);
    return result;
  }
}

/** Finds the row whose column B holds `label` and returns the address of its value in column C. */
export function valueCellFor(sheet: ExcelJS.Worksheet, label: string): string {
  for (let row = 1; row <= sheet.rowCount; row += 1) {
    if (sheet.getCell(row, 2).value === label) return sheet.getCell(row, 3).address;
  }
  throw new Error(`No row labelled "${label}" in sheet ${sheet.name}`);
}
