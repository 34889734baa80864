import { z } from 'zod';
import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { MessageStatus } from '../enums/message';
import { zIdParam } from '../fields';
import { streamEndpoint } from '../stream-endpoint';
import { zExportStarted } from './export';
import { zMailPreferences, zMailPreferencesRow } from './mail';
import {
  zInboxMessage,
  zInboxPage,
  zInboxRequest,
  zMessage,
  zMessageCreate,
  zMessageFilter,
  zMessageUpdate,
  zPublishMessageRequest,
  zReceiptPage,
  zReceiptRequest,
  zRemindMessageRequest,
  zUnreadSummary,
  zWithdrawMessageRequest,
} from './message';

const tags = ['message'];
// Every signed-in user has an inbox; each call reaches only the caller's own receipts.
const ANYONE = 'login' as const;

// Messages beside the `message` resource (its CRUD and publish / withdraw / remind actions come from
// the resource engine at /api/message/*). Which messages staff reach: those they sent, or every
// message with message:all.
export const messageEndpoints = {
  receipts: endpoint({
    method: 'POST',
    path: '/api/message/receipts/:id',
    summary: "A message's recipients: who has read it and when, paged and filtered",
    tags,
    access: ['message:page'],
    params: zIdParam,
    body: zReceiptRequest,
    response: zReceiptPage,
  }),
  receiptsExport: endpoint({
    method: 'POST',
    path: '/api/message/receipts/export/:id',
    summary: "Export a message's recipients and their read times to Excel through the export list",
    tags,
    access: ['message:export'],
    mutates: true,
    params: zIdParam,
    body: zReceiptRequest,
    response: zExportStarted,
  }),
  inbox: endpoint({
    method: 'POST',
    path: '/api/message/inbox',
    summary: "The caller's inbox: messages and notices sent to them, newest first, with the unread count",
    tags,
    access: ANYONE,
    body: zInboxRequest,
    response: zInboxPage,
  }),
  unread: endpoint({
    method: 'GET',
    path: '/api/message/unread',
    summary: 'The top bar badge: unread count and the messages the caller must still confirm reading',
    tags,
    access: ANYONE,
    response: zUnreadSummary,
  }),
  view: endpoint({
    method: 'GET',
    path: '/api/message/view/:id',
    summary: "One message of the caller's inbox (reading it changes nothing: the reader marks it read with POST /read)",
    tags,
    access: ANYONE,
    params: zIdParam,
    response: zInboxMessage,
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/message/read/:id',
    summary:
      "Mark a message of the caller's inbox read, or confirm one that asks for it (the receipt keeps the first time)",
    tags,
    access: ANYONE,
    mutates: true,
    params: zIdParam,
    response: z.object({ readAt: z.string() }),
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/api/message/readAll',
    summary: "Mark every unread message of the caller's inbox read, except those that ask for a confirmation",
    tags,
    access: ANYONE,
    mutates: true,
    response: z.object({ changed: z.number().int() }),
  }),
  stream: streamEndpoint({
    path: '/api/message/stream',
    summary:
      "The caller's bell as server-sent events (InboxEvents): a message reached them, their unread count changed",
    description:
      'Send Accept: text/event-stream. A few streams per session and user; a heartbeat comment every 25 s. ' +
      'The events name what changed; the page reads it through /api/message/unread.',
    tags,
    access: ANYONE,
  }),
  // Every user's own choice about e-mail (the profile's switch).
  mailPreferences: endpoint({
    method: 'GET',
    path: '/api/message/mailPreferences',
    summary: 'Whether the caller receives messages and notices by e-mail too, in which language, and at which address',
    tags,
    access: ANYONE,
    response: zMailPreferencesRow,
  }),
  saveMailPreferences: endpoint({
    method: 'POST',
    path: '/api/message/saveMailPreferences',
    summary: 'Choose whether the caller receives messages and notices by e-mail too, and in which language',
    tags,
    access: ANYONE,
    mutates: true,
    body: zMailPreferences,
    response: zMailPreferencesRow,
  }),
};

// A message's state changes; the server's message resource runs them.
export const messageActions = resourceActions('message', zMessage, {
  publish: {
    summary: 'Publish a message: its targets are resolved to people, each gets a receipt in their inbox',
    access: ['message:publish'],
    field: 'status',
    from: [MessageStatus.Draft, MessageStatus.Withdrawn],
    to: MessageStatus.Published,
    input: zPublishMessageRequest,
  },
  withdraw: {
    summary: 'Withdraw a message: it leaves every inbox; receipts and read times are kept',
    access: ['message:publish'],
    field: 'status',
    from: [MessageStatus.Published],
    to: MessageStatus.Withdrawn,
    input: zWithdrawMessageRequest,
  },
  remind: {
    summary: 'Remind the recipients who have not read a published message: a notice in their inbox',
    access: ['message:publish'],
    field: 'status',
    from: [MessageStatus.Published],
    input: zRemindMessageRequest,
  },
});

// The message resource: the engine's verbs, declared from the same object the server's resource is.
export const messageDecl = engineDecl({
  name: 'message',
  title: 'Message',
  schemas: { row: zMessage, create: zMessageCreate, update: zMessageUpdate, filter: zMessageFilter },
  access: {
    read: ['message:page'],
    create: ['message:create'],
    update: ['message:update'],
    remove: ['message:delete'],
    export: ['message:export'],
  },
  sheets: 'export',
});
export const messageVerbs = engineEndpoints(messageDecl);
