import { action } from './operation-action-kit';

// The operation log's verbs of admissions (issue 34: /api/application/{verb}/…, /api/admissionRound/…),
// apart from the catalogue in operation-action.ts. `save`, `upload`, `reject`, `withdraw` and
// `enrol` are the catalogue's own.
export const admissionActionLabels = {
  submit: action('Submit', '提交', 'submitted {{target}}', 'submit {{target}}', '提交{{target}}', 'success'),
  startReview: action(
    'Start review',
    '开始审核',
    'started reviewing {{target}}',
    'start reviewing {{target}}',
    '开始审核{{target}}',
  ),
  interview: action(
    'Interview',
    '安排面试',
    'invited {{target}} to an interview',
    'invite {{target}} to an interview',
    '安排{{target}}面试',
  ),
  accept: action('Accept', '录取', 'accepted {{target}}', 'accept {{target}}', '录取{{target}}', 'success'),
  waitlist: action(
    'Waitlist',
    '列入候补',
    'waitlisted {{target}}',
    'waitlist {{target}}',
    '将{{target}}列入候补',
    'warning',
  ),
  declineOffer: action(
    'Declined',
    '放弃录取',
    'recorded that {{target}} declined',
    'record that {{target}} declined',
    '记录{{target}}放弃录取',
    'warning',
  ),
  decide: action('Decide several', '批量决定', 'decided {{target}}', 'decide {{target}}', '批量决定{{target}}'),
  note: action('Note', '备注', 'noted on {{target}}', 'note on {{target}}', '备注{{target}}', 'default'),
  requestDocument: action(
    'Ask for a document',
    '要求补交材料',
    'asked {{target}} for a document',
    'ask {{target}} for a document',
    '要求{{target}}补交材料',
  ),
  message: action(
    'Message',
    '发消息',
    'sent {{target}} a message',
    'send {{target}} a message',
    '给{{target}}发消息',
    'default',
  ),
  open: action('Open', '开放', 'opened {{target}}', 'open {{target}}', '开放{{target}}', 'success'),
  close: action('Close', '关闭', 'closed {{target}}', 'close {{target}}', '关闭{{target}}', 'warning'),
};
