import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { pointRuleKindLabels } from '../enums/points';
import { fileEndpoint, zLangQuery } from '../file-endpoint';
import { type FormMeta, field } from '../resource-meta';
import {
  zMyPoints,
  zMyPointsRequest,
  zPointAccountsPage,
  zPointAccountsRequest,
  zPointAdjust,
  zPointDrift,
  zPointEntry,
  zPointLedgerFilter,
  zPointLedgerPage,
  zPointLedgerRequest,
  zPointRuleCreate,
  zPointRuleFilter,
  zPointRuleRow,
  zPointRuleUpdate,
  zPointSummary,
  zPointSummaryRequest,
} from './points';

const tags = ['points'];
// Academic staff see everyone's points (point:page); only point:adjust changes a balance by hand.
const READ = ['point:page'] as const;
const RULES = ['point:rules'] as const;

// ---- the rules that award points by themselves (/api/pointRule/*) ----

export const pointRuleMeta: FormMeta = {
  name: 'pointRule',
  title: { en: 'Points rules', zh: '积分规则' },
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true }),
    field('kind', ['Earned for', '获得方式'], 'enum', { enum: pointRuleKindLabels, required: true, filter: true }),
    field('points', ['Points', '积分'], 'number', { required: true, width: 90 }),
    field('enabled', ['Enabled', '启用'], 'boolean', { filter: true, width: 90 }),
    field('awards', ['Times awarded', '发放次数'], 'number', { form: false, width: 110 }),
    field('awarded', ['Points awarded', '已发放积分'], 'number', { form: false, width: 120 }),
  ],
};
export const pointRuleDecl = engineDecl({
  name: 'pointRule',
  title: 'Points rule',
  tags,
  schemas: { row: zPointRuleRow, create: zPointRuleCreate, update: zPointRuleUpdate, filter: zPointRuleFilter },
  access: { read: READ, create: RULES, update: RULES, remove: RULES },
  sheets: 'none',
});
export const pointRuleVerbs = engineEndpoints(pointRuleDecl);

// ---- balances and the ledger (/api/point/*) ----

export const pointEndpoints = {
  adjust: endpoint({
    method: 'POST',
    path: '/api/point/adjust',
    summary: "Add or deduct a member's points by hand, with the reason (a ledger entry; in the operation log)",
    description:
      'action 1 adds, 2 deducts `amount` (a whole number from 1 to 1,000,000). A deduction beyond the balance is ' +
      'refused (insufficientBalance on amount) with nothing written.',
    tags,
    access: ['point:adjust'],
    mutates: true,
    body: zPointAdjust,
    response: zPointEntry,
  }),
  my: endpoint({
    method: 'POST',
    path: '/api/point/my',
    summary: "The caller's points balance and ledger, newest first",
    tags,
    access: 'login',
    body: zMyPointsRequest,
    response: zMyPoints,
  }),
  accounts: endpoint({
    method: 'POST',
    path: '/api/point/accounts',
    summary: 'Students (and anyone else with a points account) with their balances',
    tags,
    access: READ,
    body: zPointAccountsRequest,
    response: zPointAccountsPage,
  }),
  ledger: endpoint({
    method: 'POST',
    path: '/api/point/ledger',
    summary: "The organisation's points ledger, newest first, with names",
    tags,
    access: READ,
    body: zPointLedgerRequest,
    response: zPointLedgerPage,
  }),
  summary: endpoint({
    method: 'POST',
    path: '/api/point/summary',
    summary: 'Points added and deducted per day of a range (the organisation’s zone), totals and top earners',
    tags,
    access: READ,
    body: zPointSummaryRequest,
    response: zPointSummary,
  }),
  driftCheck: endpoint({
    method: 'POST',
    path: '/api/point/driftCheck',
    summary: 'Recompute every points balance from the ledger now (as the nightly job does) and list any drift',
    tags,
    access: READ,
    response: zPointDrift,
  }),
};

export const pointFileEndpoints = {
  ledgerExport: fileEndpoint({
    method: 'POST',
    path: '/api/point/ledger/export',
    summary: 'Export the points ledger matching the filters to Excel',
    description: 'Answers with an .xlsx file in the language asked for (?lang=en|zh), newest first.',
    tags,
    access: ['point:export'],
    body: zPointLedgerFilter,
    query: zLangQuery,
  }),
};
