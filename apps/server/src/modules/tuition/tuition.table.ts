import { invoiceStatusLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { bigint, char, check, date, index, integer, jsonb, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createTime, enumCheck, idTable, keyId, refId, stamps, tenantRefs } from '../../platform/columns';
import { semesters } from '../calendar/calendar.table';
import { payments } from '../payment/payment.table';
import { users } from '../user/user.table';

// Tuition (issue 33, second part): fee structures per term and grade, invoices per student with
// their lines, discount and instalments, and the allocations of payments to instalments. What a
// student still owes is always the invoice's total less its allocations: never a stored counter.

// What a term costs a grade: its components (tuition, books, boarding) and how it is split into
// instalments (`plan`: due dates and shares in per cent, checked by the contract).
export const feeStructures = idTable(
  'fee_structures',
  {
    name: varchar('name', { length: 64 }).notNull(),
    semesterId: refId('semester_id'),
    // The grade (a class's grade year) it is for; null: any.
    gradeYear: integer('grade_year'),
    currency: char('currency', { length: 3 }).notNull(),
    plan: jsonb('plan').notNull().default([]),
    note: varchar('note', { length: 500 }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('fee_structures_name_uq').on(t.organizationId, sql`lower(${t.name})`),
    ...tenantRefs(t, [t.semesterId, semesters]),
  ],
);

export const feeStructureItems = idTable(
  'fee_structure_items',
  {
    structureId: keyId('structure_id'),
    name: varchar('name', { length: 64 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('fee_structure_items_structure_ix').on(t.organizationId, t.structureId),
    check('fee_structure_items_amount_ck', sql`${t.amount} > 0`),
    ...tenantRefs(t, [t.structureId, feeStructures]),
  ],
);

// A student's invoice. `total` is the lines less the discount; partly paid and paid follow the
// allocations, rewritten from their sum in the transaction that allocates.
export const invoices = idTable(
  'invoices',
  {
    invoiceNo: varchar('invoice_no', { length: 32 }).notNull(),
    studentId: keyId('student_id'),
    structureId: refId('structure_id'),
    semesterId: refId('semester_id'),
    title: varchar('title', { length: 100 }).notNull(),
    status: smallint('status').notNull().default(1),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    discountReason: varchar('discount_reason', { length: 200 }),
    total: bigint('total', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    issuedAt: at('issued_at'),
    issuedBy: refId('issued_by'),
    cancelledAt: at('cancelled_at'),
    cancelledBy: refId('cancelled_by'),
    cancelReason: varchar('cancel_reason', { length: 200 }),
    note: varchar('note', { length: 500 }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('invoices_no_uq').on(t.organizationId, t.invoiceNo),
    // One live invoice per student and fee structure (generating twice makes none twice).
    uniqueIndex('invoices_structure_uq')
      .on(t.organizationId, t.studentId, t.structureId)
      .where(sql`${t.structureId} is not null and ${t.status} <> 5`),
    index('invoices_status_ix').on(t.organizationId, t.status),
    check('invoices_discount_ck', sql`${t.discount} >= 0 and ${t.discount} <= ${t.subtotal}`),
    check('invoices_total_ck', sql`${t.total} = ${t.subtotal} - ${t.discount}`),
    enumCheck('invoices_status_ck', t.status, invoiceStatusLabels),
    ...tenantRefs(
      t,
      [t.studentId, users],
      [t.structureId, feeStructures],
      [t.semesterId, semesters],
      [t.issuedBy, users],
      [t.cancelledBy, users],
    ),
  ],
);

export const invoiceLines = idTable(
  'invoice_lines',
  {
    invoiceId: keyId('invoice_id'),
    name: varchar('name', { length: 64 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('invoice_lines_invoice_ix').on(t.organizationId, t.invoiceId),
    check('invoice_lines_amount_ck', sql`${t.amount} > 0`),
    ...tenantRefs(t, [t.invoiceId, invoices]),
  ],
);

// An instalment: what is due by when. Their amounts add up to the invoice's total.
export const invoiceInstalments = idTable(
  'invoice_instalments',
  {
    invoiceId: keyId('invoice_id'),
    seq: smallint('seq').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    // The last overdue reminder sent for it (one a day at most).
    remindedAt: at('reminded_at'),
  },
  (t) => [
    uniqueIndex('invoice_instalments_seq_uq').on(t.organizationId, t.invoiceId, t.seq),
    index('invoice_instalments_due_ix').on(t.organizationId, t.dueDate),
    check('invoice_instalments_amount_ck', sql`${t.amount} > 0`),
    ...tenantRefs(t, [t.invoiceId, invoices]),
  ],
);

// Part of a payment put against an instalment (append-only). A refund puts a negative allocation
// against the same instalment, pointing at the one it reverses.
export const paymentAllocations = idTable(
  'payment_allocations',
  {
    paymentId: keyId('payment_id'),
    invoiceId: keyId('invoice_id'),
    instalmentId: keyId('instalment_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reversalOf: refId('reversal_of'),
    createTime: createTime(),
  },
  (t) => [
    index('payment_allocations_invoice_ix').on(t.organizationId, t.invoiceId, t.instalmentId),
    index('payment_allocations_payment_ix').on(t.organizationId, t.paymentId),
    uniqueIndex('payment_allocations_reversal_uq')
      .on(t.organizationId, t.reversalOf)
      .where(sql`${t.reversalOf} is not null`),
    check('payment_allocations_amount_ck', sql`${t.amount} <> 0`),
    ...tenantRefs(t, [t.paymentId, payments], [t.invoiceId, invoices], [t.instalmentId, invoiceInstalments]),
  ],
);
