import type {
  Lang,
  PointAccount,
  PointAccountsRequest,
  PointAdjust,
  PointDrift,
  PointLedgerFilter,
  PointLedgerRequest,
  PointRuleInput,
  PointRuleRow,
  PointSummaryRequest,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { cleanFilter, resourceApi, type SaveOf } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';
import { downloadFrom } from '../../shell/transfer';

// Every query of the points screen sits under one key, so an adjustment refreshes the accounts, the
// ledger and the overview together.
export const POINTS_KEY = 'points';
export const RULE_KEY = 'pointRule';

export type DriftCheck = PointDrift;
export type RuleSave = SaveOf<PointRuleInput>;
export const ruleApi = resourceApi<PointRuleRow, RuleSave, RuleSave & { id: number }, object>(RULE_KEY);

// The most people the accounts sheet holds (made here, page by page).
const EXPORT_PAGES = 50;
const EXPORT_PAGE_SIZE = 200;

export const pointCalls = {
  accounts: (body: PointAccountsRequest, { signal }: Cancel = {}) =>
    call(api.point.accounts, { body: cleanFilter(body) as PointAccountsRequest }, { signal, retry: 2 }),
  // Everyone the filters match, for the sheet.
  allAccounts: async (filter: Omit<PointAccountsRequest, 'pageIndex' | 'pageSize'>): Promise<PointAccount[]> => {
    const rows: PointAccount[] = [];
    for (let pageIndex = 1; pageIndex <= EXPORT_PAGES; pageIndex++) {
      const body = { ...cleanFilter(filter), pageIndex, pageSize: EXPORT_PAGE_SIZE } as PointAccountsRequest;
      const page = await call(api.point.accounts, { body }, { loading: true });
      rows.push(...page.list);
      if (rows.length >= page.total || page.list.length === 0) break;
    }
    return rows;
  },
  ledger: (body: PointLedgerRequest, { signal }: Cancel = {}) =>
    call(api.point.ledger, { body: cleanFilter(body) as PointLedgerRequest }, { signal, retry: 2 }),
  exportLedger: (filter: PointLedgerFilter, lang: Lang) =>
    downloadFrom(
      api.point.ledgerExport,
      { body: cleanFilter(filter) as PointLedgerFilter, query: { lang } },
      { loading: true },
    ),
  // One person's balance now: what their latest entry left (0 before their first).
  balanceOf: async (userId: number, { signal }: Cancel = {}): Promise<number> => {
    const page = await call(api.point.ledger, { body: { userId, pageIndex: 1, pageSize: 1 } }, { signal });
    return page.list[0]?.balanceAfter ?? 0;
  },
  summary: (body: PointSummaryRequest, { signal }: Cancel = {}) =>
    call(api.point.summary, { body }, { signal, retry: 2 }),
  adjust: (body: PointAdjust) => call(api.point.adjust, { body }, { loading: true }),
  driftCheck: () => call(api.point.driftCheck, {}, { loading: true }),
};
