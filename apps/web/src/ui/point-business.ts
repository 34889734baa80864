import type { PointBusiness, Title } from '@lyceum/contract';

// What a points entry was for, as the staff ledger and a student's history name it.
export const pointBusinessTitles: Record<PointBusiness, Title> = {
  adjust: { en: 'Adjustment by staff', zh: '人工调整' },
  rule: { en: 'Awarded by a rule', zh: '规则发放' },
  goodsOrder: { en: 'Shop redemption', zh: '商城兑换' },
  goodsOrderCancel: { en: 'Redemption cancelled', zh: '兑换取消退回' },
};

export const pointBusinessTitle = (business: string, lang: 'en' | 'zh'): string =>
  Object.hasOwn(pointBusinessTitles, business) ? pointBusinessTitles[business as PointBusiness][lang] : business;
