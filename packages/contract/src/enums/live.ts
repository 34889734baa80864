import { defineEnum, type EnumValue } from '../labels';

// Live classes (issue 32): scheduled online lessons on a conferencing server.

// Where the meeting happens. BigBlueButton is driven through its API (Lyceum creates the meeting,
// signs every join, and is told the attendance and the recordings); an external link is any
// service's meeting address (attendance by the teacher, a CSV import or Lyceum's own join log).
// Zoom, Tencent Meeting and DingTalk would be further kinds behind the same interface.
export const { values: LiveProviderKind, labels: liveProviderKindLabels } = defineEnum({
  BigBlueButton: [1, 'BigBlueButton', 'BigBlueButton'],
  ExternalLink: [2, 'External link', '外部会议链接'],
});
export type LiveProviderKind = EnumValue<typeof LiveProviderKind>;

// The stored state. "Open" (the join window has begun) is read from the clock, see LivePhase.
export const { values: LiveClassStatus, labels: liveClassStatusLabels } = defineEnum({
  Draft: [1, 'Draft', '草稿', 'default'],
  Scheduled: [2, 'Scheduled', '已排期', 'processing'],
  Live: [3, 'Live', '直播中', 'success'],
  Ended: [4, 'Ended', '已结束', 'default'],
  Cancelled: [5, 'Cancelled', '已取消', 'error'],
});
export type LiveClassStatus = EnumValue<typeof LiveClassStatus>;

// What people see: the stored state with the clock and the recordings read in.
export const { values: LivePhase, labels: livePhaseLabels } = defineEnum({
  Draft: [1, 'Draft', '草稿', 'default'],
  Scheduled: [2, 'Scheduled', '未开始', 'processing'],
  Open: [3, 'Open to join', '可进入', 'warning'],
  Live: [4, 'Live', '直播中', 'success'],
  Ended: [5, 'Ended', '已结束', 'default'],
  RecordingReady: [6, 'Recording ready', '回放可看', 'success'],
  Cancelled: [7, 'Cancelled', '已取消', 'error'],
});
export type LivePhase = EnumValue<typeof LivePhase>;

export const { values: RecordingMode, labels: recordingModeLabels } = defineEnum({
  Off: [1, 'Off', '不录制'],
  Manual: [2, 'Teacher starts it', '教师手动录制'],
  Automatic: [3, 'Automatic', '自动录制'],
});
export type RecordingMode = EnumValue<typeof RecordingMode>;

// A recording's own state, kept on the recording (later settings of the class do not change it).
export const { values: RecordingState, labels: recordingStateLabels } = defineEnum({
  Processing: [1, 'Processing', '处理中', 'processing'],
  Published: [2, 'Published', '已发布', 'success'],
  Unpublished: [3, 'Unpublished', '未发布', 'default'],
  Deleted: [4, 'Deleted', '已删除', 'error'],
});
export type RecordingState = EnumValue<typeof RecordingState>;

export const { values: RecordingVisibility, labels: recordingVisibilityLabels } = defineEnum({
  Students: [1, 'Students and staff', '学生与教职工'],
  Staff: [2, 'Staff only', '仅教职工'],
});
export type RecordingVisibility = EnumValue<typeof RecordingVisibility>;

// How someone enters: students as viewers, teachers as moderators.
export const { values: LiveRole, labels: liveRoleLabels } = defineEnum({
  Viewer: [1, 'Viewer', '听众'],
  Moderator: [2, 'Moderator', '主持人'],
});
export type LiveRole = EnumValue<typeof LiveRole>;

// Where a participant's minutes came from.
export const { values: ParticipationSource, labels: participationSourceLabels } = defineEnum({
  Provider: [1, "The provider's report", '平台报告'],
  JoinLog: [2, "Lyceum's join log", '进入记录'],
  Import: [3, 'CSV import', 'CSV 导入'],
});
export type ParticipationSource = EnumValue<typeof ParticipationSource>;
