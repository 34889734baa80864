import { type Course, PriceKind } from '@lyceum/contract';
import type { CourseSave } from './course-api';
import { type Outline, outlinePayload } from './outline-draft';

// The course's details as the editor's form holds them. A money price is typed in yuan (two
// decimals) and sent in cents, as the contract keeps it.
export interface DetailValues {
  code: string;
  title: string;
  coverUrl: string | null;
  categoryId: number | null;
  description: string;
  required: boolean;
  creditHours: number;
  selfEnrol: boolean;
  sequential: boolean;
  teacherIds: number[];
  priceKind: PriceKind | null;
  price: number | null;
}

const CENTS = 100;

export const emptyDetails = (): DetailValues => ({
  code: '',
  title: '',
  coverUrl: null,
  categoryId: null,
  description: '',
  required: false,
  creditHours: 0,
  selfEnrol: true,
  sequential: false,
  teacherIds: [],
  priceKind: null,
  price: null,
});

export function detailsOf(c: Course): DetailValues {
  return {
    code: c.code,
    title: c.title,
    coverUrl: c.coverUrl,
    categoryId: c.categoryId,
    description: c.description,
    required: c.required,
    creditHours: c.creditHours,
    selfEnrol: c.selfEnrol,
    sequential: c.sequential,
    teacherIds: [...c.teacherIds],
    priceKind: c.priceKind,
    price: c.price === null ? null : c.priceKind === PriceKind.Money ? c.price / CENTS : c.price,
  };
}

// What create / update send: the details and the outline. No price kind means no price.
export function coursePayload(id: number | null, d: DetailValues, outline: Outline): CourseSave {
  const kind = d.priceKind ?? null;
  const price =
    kind === null || d.price == null ? null : kind === PriceKind.Money ? Math.round(d.price * CENTS) : d.price;
  return {
    id,
    code: d.code.trim(),
    title: d.title.trim(),
    coverUrl: d.coverUrl || null,
    categoryId: d.categoryId ?? null,
    description: d.description ?? '',
    required: d.required,
    creditHours: d.creditHours ?? 0,
    selfEnrol: d.selfEnrol,
    sequential: d.sequential,
    teacherIds: d.teacherIds ?? [],
    priceKind: kind,
    price,
    chapters: outlinePayload(outline),
  };
}
