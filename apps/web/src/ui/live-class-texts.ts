import { moduleTexts } from '../shell/module-texts';

// The words of a member's live classes (the student portal's card, a course's live lesson, joining
// from the staff screen), read as `liveCard.key`.
const en = {
  join: 'Join',
  joinName: 'Join {{title}}',
  joining: 'Opening the live class…',
  opensIn: 'Opens in {{time}}',
  opensAt: 'Opens {{time}}',
  opening: 'Opening now…',
  days: '{{count}} d',
  liveNow: 'Live now',
  open: 'Open to join',
  watch: 'Watch',
  watchN: 'Watch ({{n}})',
  watchName: 'Watch the recording of {{title}}',
  attended: 'You attended {{minutes}} min',
  attendedStatus: 'You attended {{minutes}} min · {{status}}',
  noRecording: 'No recording',
  blockedTitle: 'Open the live class',
  blockedText:
    'Your browser did not open a new tab. Use this link to enter the live class (it works for a few minutes):',
  blockedLink: 'Enter {{title}}',
  withTeachers: 'with {{names}}',
};
const zh: typeof en = {
  join: '进入',
  joinName: '进入{{title}}',
  joining: '正在打开直播课…',
  opensIn: '{{time}} 后可进入',
  opensAt: '{{time}} 起可进入',
  opening: '即将开放…',
  days: '{{count}}天',
  liveNow: '直播中',
  open: '可进入',
  watch: '观看回放',
  watchN: '观看回放（{{n}}）',
  watchName: '观看{{title}}的回放',
  attended: '您参加了 {{minutes}} 分钟',
  attendedStatus: '您参加了 {{minutes}} 分钟 · {{status}}',
  noRecording: '暂无回放',
  blockedTitle: '打开直播课',
  blockedText: '浏览器没有打开新标签页。请点击下面的链接进入直播课（链接几分钟内有效）：',
  blockedLink: '进入{{title}}',
  withTeachers: '主讲：{{names}}',
};

export const liveCardTexts = moduleTexts('liveCard', en, zh);
