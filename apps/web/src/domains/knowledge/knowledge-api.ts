import type {
  KnowledgeArticle,
  KnowledgeCategory,
  KnowledgeInput,
  PageRequest,
  zKnowledgeFilter,
  zKnowledgeReceiptRequest,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import type { z } from 'zod';
import { cleanFilter, type Paged, resourceApi, type SaveOf } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';

export type KnowledgeSave = SaveOf<KnowledgeInput>;
export type KnowledgeFilter = z.input<typeof zKnowledgeFilter>;
export type ReceiptFilter = Omit<z.input<typeof zKnowledgeReceiptRequest>, 'pageIndex' | 'pageSize'>;

// Every query of the knowledge base sits under this key, so a save or a read refreshes the lists,
// the reader and the receipts at once.
export const KNOWLEDGE_KEY = 'knowledge';

export const knowledgeApi = resourceApi<KnowledgeArticle, KnowledgeSave, KnowledgeSave, KnowledgeFilter & PageRequest>(
  KNOWLEDGE_KEY,
);

export const articleVersions = (id: number, { signal }: Cancel = {}) =>
  call(api.knowledge.versions, { params: { id } }, { signal, retry: 2 });

export const articleReceipts = (id: number, req: Paged<ReceiptFilter>, { signal }: Cancel = {}) =>
  call(api.knowledge.receipts, { params: { id }, body: cleanFilter(req) as typeof req }, { signal, retry: 2 });

// Reading an article records the receipt (the server keeps the first time and the version read).
export const readArticle = (id: number, { signal }: Cancel = {}): Promise<KnowledgeArticle> =>
  call(api.knowledge.read, { params: { id } }, { signal });

export const articleCategories = ({ signal }: Cancel = {}): Promise<KnowledgeCategory[]> =>
  call(api.knowledge.categories, {}, { signal, retry: 2 });
