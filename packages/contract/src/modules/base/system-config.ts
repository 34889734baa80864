import { z } from 'zod';
import { CameraSource, cameraSourceLabels } from '../../enums/camera-source';
import { QuestionNumberMode, questionNumberModeLabels } from '../../enums/question-number-mode';
import { zColor, zEnum, zOptionalLink, zOptionalText, zText } from '../../fields';
import { type FormMeta, field } from '../../resource-meta';

// Per-organisation settings. The first five are the organisation's public face (login page, shell).
export const zSystemConfig = z.object({
  name: zText(100),
  logo: zOptionalLink(512),
  icpNumber: zOptionalText(64),
  copyright: zOptionalText(200),
  themeColor: zColor,
  cameraSource: zEnum(cameraSourceLabels).default(CameraSource.Front),
  questionNumberMode: zEnum(questionNumberModeLabels).default(QuestionNumberMode.AllObjective),
  loginNotice: zOptionalText(500),
});
export type SystemConfig = z.output<typeof zSystemConfig>;
export const zSystemConfigRow = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  icpNumber: z.string().nullable(),
  copyright: z.string().nullable(),
  themeColor: z.string(),
  cameraSource: zEnum(cameraSourceLabels),
  questionNumberMode: zEnum(questionNumberModeLabels),
  loginNotice: z.string().nullable(),
});

export const systemConfigMeta: FormMeta = {
  name: 'systemConfig',
  title: { en: 'System settings', zh: '系统配置' },
  fields: [
    field('name', ['Display name', '显示名称'], 'text', { required: true }),
    field('logo', ['Logo', '标志'], 'file'),
    field('icpNumber', ['ICP filing number', 'ICP 备案号'], 'text'),
    field('copyright', ['Copyright text', '版权信息'], 'text'),
    field('themeColor', ['Theme colour', '主题色'], 'color', { required: true }),
    field('cameraSource', ['Default camera', '默认摄像头'], 'enum', { enum: cameraSourceLabels }),
    field('questionNumberMode', ['Question numbers', '题号模式'], 'enum', { enum: questionNumberModeLabels }),
    field('loginNotice', ['Login page notice', '登录页提示'], 'textarea'),
  ],
};
