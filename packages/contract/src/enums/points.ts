import { defineEnum, type EnumValue } from '../labels';

// Points, products and goods orders (issue 33). The seed's values are kept: point action 1 add /
// 2 reduce; goods order 1 awaiting shipment / 2 shipped / 3 completed. 4 cancelled is our extension
// (a cancel before shipping gives the stock and the points back).

export const { values: PointAction, labels: pointActionLabels } = defineEnum({
  Add: [1, 'Add', '增加', 'success'],
  Reduce: [2, 'Reduce', '扣减', 'warning'],
});
export type PointAction = EnumValue<typeof PointAction>;

export const { values: GoodsOrderStatus, labels: goodsOrderStatusLabels } = defineEnum({
  AwaitingShipment: [1, 'Awaiting shipment', '待发货', 'processing'],
  Shipped: [2, 'Shipped', '已发货', 'warning'],
  Completed: [3, 'Completed', '已完成', 'success'],
  Cancelled: [4, 'Cancelled', '已取消', 'default'],
});
export type GoodsOrderStatus = EnumValue<typeof GoodsOrderStatus>;

// What earns points by itself, once per person and thing (the ledger's idempotency key).
export const { values: PointRuleKind, labels: pointRuleKindLabels } = defineEnum({
  TaskPassed: [1, 'Homework or task passed', '任务/作业通过'],
  CourseCompleted: [2, 'Course completed', '完成课程'],
  ExamScoreBand: [3, 'Exam score in a band', '考试成绩达到区间'],
  AttendanceStreak: [4, 'Attendance streak', '连续出勤'],
});
export type PointRuleKind = EnumValue<typeof PointRuleKind>;

// What a ledger entry is for (its business type; the id names the thing).
export const POINT_BUSINESS = ['adjust', 'rule', 'goodsOrder', 'goodsOrderCancel'] as const;
export type PointBusiness = (typeof POINT_BUSINESS)[number];
