import type { ErrorDetail, QuestionInput } from '@lyceum/contract';

// The shapes every question-bank format shares (Moodle XML, GIFT, QTI, Aiken): a reader turns a file
// into ParsedItems, one per question found (supported or not), and the importer (interop/import.ts)
// checks them all, makes missing categories and stores embedded images before one transaction. A
// writer turns questions as the bank holds them into a file.

// An image (or other file) carried inside the question file: Moodle XML's base64 <file>, a QTI
// package's entry. The HTML of the question refers to it as `src="${fileRef(token)}"` until the
// importer has stored it and put the file's address (/api/file/N) in its place.
export interface EmbeddedFile {
  name: string;
  bytes: Buffer;
}
export const FILE_REF_PREFIX = 'lyceum-embedded:';
export const fileRef = (token: string) => `${FILE_REF_PREFIX}${token}`;

export interface ParsedItem {
  // 1-based, in file order: the `row` of this item's problems in the import report.
  ordinal: number;
  // Where the question is, as people find it: the first line of a text format, the question's name.
  line?: number;
  name?: string;
  // The category path, outermost first (Moodle's "$course$/top/Algebra/Linear" is ["Algebra", "Linear"]);
  // [] for none. The importer puts the question under the knowledge point at the end of the path.
  category: string[];
  // Free tags (Moodle's <tags>): tags of type Tag at the top of the tree, made when missing.
  tags: string[];
  // What the question would be, shaped like QuestionInput (zQuestionInput checks it); null when the
  // source's kind has no Lyceum type (then `unsupported` says which).
  input: Record<string, unknown> | null;
  unsupported?: { kind: string };
  // Problems found while reading (field is the QuestionInput field concerned, '' for the question).
  problems: { field: string; detail: ErrorDetail }[];
  // What changed on the way in: kept, but said in the dry run (negative fractions dropped, ...).
  notes: ErrorDetail[];
  // Files the HTML refers to through fileRef(token), by token.
  files: Record<string, EmbeddedFile>;
  // A spreadsheet's compose question: the rows of its children (their problems are reported there).
  childRows?: number[];
}

// A whole file that cannot be read (not well-formed, a DOCTYPE, a zip bomb): refused before any
// question is looked at. The reader throws invalidParams('file', key, params) for these.

// A question as written out: the bank's row (QuestionInput with its id) plus names for what it is
// filed under. Writers get images as files through `readFile` (the /api/file/N in its HTML).
export interface ExportQuestion {
  id: number;
  input: QuestionInput;
  // The knowledge point path the question is filed under (its first knowledge point), outermost first.
  category: string[];
  // Its free tags' names.
  tags: string[];
}
export type ReadFile = (id: number) => Promise<EmbeddedFile | null>;

export type InteropFormat = 'moodle' | 'gift' | 'qti' | 'aiken' | 'xlsx';
