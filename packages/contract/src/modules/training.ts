import { z } from 'zod';
import { RegistrationStatus, registrationStatusLabels, trainingSessionStatusLabels } from '../enums/academic';
import { codedIssue } from '../errors';
import { zDateText, zDateTime, zEmail, zEnum, zId, zOptionalText, zPhone, zText } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';
import { type FormMeta, field, type ResourceMeta } from '../resource-meta';

// Training (issue 34): centres with their venues and contacts, programmes (hours to complete, how
// long the certificate stays valid), sessions of a programme at a centre (dates, trainers, capacity,
// fee shown, hours credited), and registrations whose every status change is appended to an ordered
// history. A freed place goes to the first on the waitlist by itself.

export const TRAINING_CONTACTS_MAX = 10;
export const TRAINING_VENUES_MAX = 50;
export const TRAINING_TRAINERS_MAX = 10;
// The most registrations one outcome request records.
export const TRAINING_OUTCOMES_MAX = 500;
export const TRAINING_HOURS_MAX = 10_000;

// Where a registration stands: holding a place, waiting, or done with.
export const SEAT_STATUSES: readonly RegistrationStatus[] = [
  RegistrationStatus.Booked,
  RegistrationStatus.NoShow,
  RegistrationStatus.PartlyAttended,
  RegistrationStatus.Attended,
  RegistrationStatus.HoursCredited,
];
// Not live: a new registration of the same person may be made.
export const ENDED_REGISTRATION: readonly RegistrationStatus[] = [
  RegistrationStatus.Declined,
  RegistrationStatus.Cancelled,
];
// What the person may still cancel themselves (before the session starts).
export const CANCELLABLE_REGISTRATION: readonly RegistrationStatus[] = [
  RegistrationStatus.Requested,
  RegistrationStatus.Approved,
  RegistrationStatus.Booked,
  RegistrationStatus.Waitlisted,
];
// The outcomes staff record after a session.
export const TRAINING_OUTCOMES = [
  RegistrationStatus.NoShow,
  RegistrationStatus.PartlyAttended,
  RegistrationStatus.Attended,
] as const;

const zHours = z.number().min(0).max(TRAINING_HOURS_MAX).multipleOf(0.5);

// ---- centres ----

export const zTrainingContact = z.object({
  name: zText(64),
  phone: zPhone,
  email: zEmail,
  role: zOptionalText(40),
});
export type TrainingContact = z.output<typeof zTrainingContact>;
// A room of a centre (an owned collection: `id` keeps a row on save).
export const zTrainingVenueInput = z.object({
  id: zId.nullable().optional(),
  name: zText(64),
  capacity: z.number().int().min(0).max(100_000).default(0),
  note: zOptionalText(200),
});
export const zTrainingVenue = z.object({
  id: zId,
  centreId: zId,
  name: z.string(),
  capacity: z.number().int(),
  note: z.string().nullable(),
});
export type TrainingVenue = z.infer<typeof zTrainingVenue>;

const centreFields = {
  name: zText(100),
  code: zText(32),
  address: zOptionalText(200),
  contacts: z.array(zTrainingContact).max(TRAINING_CONTACTS_MAX).default([]),
  note: zOptionalText(500),
  venues: z.array(zTrainingVenueInput).max(TRAINING_VENUES_MAX).default([]),
};
export const zTrainingCentreCreate = z.object({ id: z.null().optional(), ...centreFields });
export const zTrainingCentreUpdate = z.object({ id: zId, ...centreFields });
export type TrainingCentreInput = z.input<typeof zTrainingCentreCreate>;
export const zTrainingCentre = z.object({
  id: zId,
  organizationId: zId,
  name: z.string(),
  code: z.string(),
  address: z.string().nullable(),
  contacts: z.array(
    z.object({
      name: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      role: z.string().nullable(),
    }),
  ),
  note: z.string().nullable(),
  venues: z.array(zTrainingVenue),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type TrainingCentre = z.infer<typeof zTrainingCentre>;
export const zTrainingCentreFilter = z.object({ keyword: z.string().trim().max(64).optional() });
export const trainingCentreMeta: ResourceMeta = {
  name: 'trainingCentre',
  title: { en: 'Training centres', zh: '培训中心' },
  permission: 'trainingCentre',
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true, sortable: true }),
    field('code', ['Code', '编码'], 'text', { required: true, width: 110, sortable: true }),
    field('address', ['Address', '地址'], 'text'),
    field('contacts', ['Contacts', '联系人'], 'text', { excel: false }),
    field('venues', ['Venues', '场地'], 'text', { excel: false }),
    field('note', ['Note', '备注'], 'textarea', { list: false }),
  ],
};

// ---- programmes ----

const programmeFields = {
  name: zText(100),
  code: zText(32),
  // Credited hours (over its sessions) that complete the programme and earn its certificate.
  hoursRequired: zHours.refine((v) => v > 0, codedIssue('tooSmall', { min: 0.5 })),
  // How long its certificate stays valid; none: for good.
  validityMonths: z.number().int().min(1).max(600).nullable().optional(),
  // The certificate template (certificates); none: the organisation's default.
  certificateTemplateId: zId.nullable().optional(),
  // Registrations wait for staff approval before taking a place.
  requiresApproval: z.boolean().default(false),
  description: zOptionalText(2000),
};
export const zTrainingProgrammeCreate = z.object({ id: z.null().optional(), ...programmeFields });
export const zTrainingProgrammeUpdate = z.object({ id: zId, ...programmeFields });
export type TrainingProgrammeInput = z.input<typeof zTrainingProgrammeCreate>;
export const zTrainingProgramme = z.object({
  id: zId,
  organizationId: zId,
  name: z.string(),
  code: z.string(),
  hoursRequired: z.number(),
  validityMonths: z.number().int().nullable(),
  certificateTemplateId: zId.nullable(),
  requiresApproval: z.boolean(),
  description: z.string().nullable(),
  // Sessions of it (any status).
  sessions: z.number().int(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type TrainingProgramme = z.infer<typeof zTrainingProgramme>;
export const zTrainingProgrammeFilter = z.object({ keyword: z.string().trim().max(64).optional() });
export const trainingProgrammeMeta: FormMeta = {
  name: 'trainingProgramme',
  title: { en: 'Training programmes', zh: '培训项目' },
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true, sortable: true }),
    field('code', ['Code', '编码'], 'text', { required: true, width: 110 }),
    field('hoursRequired', ['Hours to complete', '结业学时'], 'number', { required: true, width: 110 }),
    field('validityMonths', ['Certificate valid (months)', '证书有效期（月）'], 'number', { width: 130 }),
    field('certificateTemplateId', ['Certificate template', '证书模板'], 'ref', {
      ref: { resource: 'certificateTemplate' },
      list: false,
      excel: false,
    }),
    field('requiresApproval', ['Needs approval', '需审批'], 'boolean', { width: 100 }),
    field('sessions', ['Sessions', '场次'], 'number', { form: false, width: 80 }),
    field('description', ['Description', '说明'], 'textarea', { list: false }),
  ],
};

// ---- sessions ----

const sessionFields = {
  programmeId: zId,
  centreId: zId,
  venueId: zId.nullable().optional(),
  title: zText(100),
  startAt: zDateText('date-time'),
  endAt: zDateText('date-time'),
  // Bookings close then; none: when the session starts.
  bookingDeadline: zDateText('date-time').nullable().optional(),
  trainerIds: z.array(zId).max(TRAINING_TRAINERS_MAX).default([]),
  capacity: z.number().int().min(1).max(10_000),
  // Shown to those booking (whole minor units of the organisation's currency); paid offline.
  fee: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  // Hours an attendance credits towards the programme.
  hours: zHours,
  note: zOptionalText(500),
};
type SessionFields = z.output<z.ZodObject<typeof sessionFields>>;
function checkSession(s: SessionFields, ctx: z.core.$RefinementCtx) {
  const start = Date.parse(s.startAt);
  if (Date.parse(s.endAt) <= start) ctx.addIssue({ code: 'custom', path: ['endAt'], ...codedIssue('endBeforeStart') });
  if (s.bookingDeadline && Date.parse(s.bookingDeadline) > start)
    ctx.addIssue({ code: 'custom', path: ['bookingDeadline'], ...codedIssue('endBeforeStart') });
  if (new Set(s.trainerIds).size !== s.trainerIds.length)
    ctx.addIssue({ code: 'custom', path: ['trainerIds'], ...codedIssue('duplicateItems') });
}
export const zTrainingSessionCreate = z.object({ id: z.null().optional(), ...sessionFields }).superRefine(checkSession);
export const zTrainingSessionUpdate = z.object({ id: zId, ...sessionFields }).superRefine(checkSession);
export type TrainingSessionInput = z.input<typeof zTrainingSessionCreate>;
const sessionRow = {
  id: zId,
  organizationId: zId,
  programmeId: zId,
  programmeName: z.string(),
  centreId: zId,
  centreName: z.string(),
  venueId: zId.nullable(),
  venueName: z.string().nullable(),
  title: z.string(),
  startAt: zDateTime,
  endAt: zDateTime,
  bookingDeadline: zDateTime.nullable(),
  capacity: z.number().int(),
  fee: z.number().int(),
  currency: z.string(),
  hours: z.number(),
  requiresApproval: z.boolean(),
  status: zEnum(trainingSessionStatusLabels),
  // Places held (booked and after), waiting, and asking for approval.
  booked: z.number().int(),
  waitlisted: z.number().int(),
  requested: z.number().int(),
  seatsLeft: z.number().int(),
};
export const zTrainingSession = z.object({
  ...sessionRow,
  trainerIds: z.array(zId),
  trainerNames: z.array(z.string()),
  note: z.string().nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type TrainingSession = z.infer<typeof zTrainingSession>;
export const zTrainingSessionFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  programmeId: zId.optional(),
  centreId: zId.optional(),
  status: zEnum(trainingSessionStatusLabels).optional(),
});
export const trainingSessionMeta: FormMeta = {
  name: 'trainingSession',
  title: { en: 'Training sessions', zh: '培训场次' },
  keyword: true,
  fields: [
    field('title', ['Title', '名称'], 'text', { required: true }),
    field('programmeId', ['Programme', '培训项目'], 'ref', {
      ref: { resource: 'trainingProgramme' },
      required: true,
      filter: true,
    }),
    field('centreId', ['Centre', '培训中心'], 'ref', {
      ref: { resource: 'trainingCentre' },
      required: true,
      filter: true,
    }),
    field('startAt', ['Starts', '开始时间'], 'datetime', { required: true, sortable: true }),
    field('endAt', ['Ends', '结束时间'], 'datetime', { required: true }),
    field('bookingDeadline', ['Booking deadline', '报名截止'], 'datetime', { list: false }),
    field('capacity', ['Capacity', '名额'], 'number', { required: true, width: 80 }),
    field('fee', ['Fee', '费用'], 'number', { width: 90 }),
    field('hours', ['Hours', '学时'], 'number', { required: true, width: 70 }),
    field('status', ['Status', '状态'], 'enum', { enum: trainingSessionStatusLabels, form: false, filter: true }),
  ],
};

// ---- registrations ----

export const zTrainingRegistration = z.object({
  id: zId,
  sessionId: zId,
  userId: zId,
  userName: z.string(),
  realName: z.string(),
  status: zEnum(registrationStatusLabels),
  // Place on the waitlist (1 = next), while waitlisted.
  position: z.number().int().nullable(),
  hoursCredited: z.number().nullable(),
  note: z.string().nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type TrainingRegistration = z.infer<typeof zTrainingRegistration>;
export const zRegistrationEvent = z.object({
  id: zId,
  fromStatus: zEnum(registrationStatusLabels).nullable(),
  toStatus: zEnum(registrationStatusLabels),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  createTime: zDateTime,
});
export type RegistrationEvent = z.infer<typeof zRegistrationEvent>;

// Booking: oneself, or (with training:register) the member named. A repeated requestKey answers the
// registration the first request made.
export const zTrainingBook = z.object({
  userId: zId.optional(),
  requestKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export const zTrainingBooked = z.object({ registration: zTrainingRegistration });
export const zRegistrationNote = z.object({ reason: zOptionalText(200) });
export const zRegistrationDecline = z.object({ reason: zText(200) });
export const zSessionRegistrationsRequest = zPlainPageRequest.extend({
  status: zEnum(registrationStatusLabels).optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const zTrainingRegistrationPage = zPage(zTrainingRegistration);
export const zTrainingOutcomes = z.object({
  sessionId: zId,
  items: z
    .array(
      z.object({
        registrationId: zId,
        outcome: z.union(TRAINING_OUTCOMES.map((v) => z.literal(v))),
        // Hours credited; default: the session's hours when attended, none otherwise.
        hours: zHours.nullable().optional(),
        note: zOptionalText(200),
      }),
    )
    .min(1)
    .max(TRAINING_OUTCOMES_MAX),
});
export type TrainingOutcomesInput = z.input<typeof zTrainingOutcomes>;
export const zTrainingOutcomesDone = z.object({
  recorded: z.number().int(),
  // Certificates issued for programmes completed by these hours.
  certificates: z.number().int(),
});
export const zRegistrationExportRequest = z.object({
  sessionId: zId.optional(),
  programmeId: zId.optional(),
  status: zEnum(registrationStatusLabels).optional(),
});

// ---- what members see ----

export const zCatalogueRequest = zPlainPageRequest.extend({
  keyword: z.string().trim().max(64).optional(),
  programmeId: zId.optional(),
});
export type CatalogueRequest = z.input<typeof zCatalogueRequest>;
export const zCatalogueSession = z.object({
  ...sessionRow,
  centreAddress: z.string().nullable(),
  trainerNames: z.array(z.string()),
  // Whether the caller may book now (open, before the deadline, not registered).
  bookable: z.boolean(),
  myRegistrationId: zId.nullable(),
  myStatus: zEnum(registrationStatusLabels).nullable(),
  myPosition: z.number().int().nullable(),
});
export type CatalogueSession = z.infer<typeof zCatalogueSession>;
export const zCataloguePage = zPage(zCatalogueSession);

export const zMyRegistration = z.object({
  ...zTrainingRegistration.shape,
  session: zCatalogueSession.omit({ myRegistrationId: true, myStatus: true, myPosition: true, bookable: true }),
  events: z.array(zRegistrationEvent),
  cancellable: z.boolean(),
});
export type MyRegistration = z.infer<typeof zMyRegistration>;
// A programme's progress: hours credited over its sessions against those it needs.
export const zProgrammeProgress = z.object({
  programmeId: zId,
  name: z.string(),
  hoursRequired: z.number(),
  hoursCredited: z.number(),
  completed: z.boolean(),
});
export const zMyTraining = z.object({
  registrations: z.array(zMyRegistration),
  programmes: z.array(zProgrammeProgress),
});
export type MyTraining = z.infer<typeof zMyTraining>;
