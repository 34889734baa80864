import { defineEnum, type EnumValue } from '../labels';

// How the organisation's SMTP server is reached: in the clear, upgraded with STARTTLS (port 587),
// or TLS from the first byte (SMTPS, port 465).
export const { values: MailSecurity, labels: mailSecurityLabels } = defineEnum({
  None: [1, 'None', '无加密'],
  StartTls: [2, 'STARTTLS', 'STARTTLS'],
  Tls: [3, 'TLS (SMTPS)', 'TLS（SMTPS）'],
});
export type MailSecurity = EnumValue<typeof MailSecurity>;

// What became of a message's e-mail to one recipient (the delivery log). Failed is a temporary
// refusal or an unreachable server, tried again while the job has attempts; Bounced is the
// receiving server refusing the address for good; the last three were never sent.
export const { values: MailStatus, labels: mailStatusLabels } = defineEnum({
  Sent: [1, 'Sent', '已发送', 'success'],
  Failed: [2, 'Failed', '发送失败', 'error'],
  Bounced: [3, 'Refused by the mail server', '被邮件服务器拒收', 'error'],
  NoAddress: [4, 'Skipped: no e-mail address', '已跳过：无邮箱地址', 'default'],
  OptedOut: [5, 'Skipped: does not want e-mails', '已跳过：不接收邮件', 'default'],
  Withdrawn: [6, 'Not sent: withdrawn first', '未发送：已先撤回', 'warning'],
});
export type MailStatus = EnumValue<typeof MailStatus>;

// The statuses that count as skipped in a message's e-mail summary.
export const MAIL_SKIPPED: readonly MailStatus[] = [MailStatus.NoAddress, MailStatus.OptedOut, MailStatus.Withdrawn];
