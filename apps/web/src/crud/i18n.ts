import { moduleTexts } from '../shell/module-texts';

// The screen kit's own texts (field kinds, pickers), read as `kit.key`.
const en = {
  durationHm: '{{h}} h {{m}} min',
  durationH: '{{h}} h',
  durationM: '{{m}} min',
  minutes: 'min',
  searchHint: 'Type to search',
  ownAccount: 'You cannot delete your own account',
  asShown: 'As lists show them',
};

const zh: typeof en = {
  durationHm: '{{h}}小时{{m}}分',
  durationH: '{{h}}小时',
  durationM: '{{m}}分钟',
  minutes: '分钟',
  searchHint: '输入以搜索',
  ownAccount: '不能删除自己的账号',
  asShown: '列表中的显示',
};

export const { useTexts: useKitTexts, register: registerKitTexts } = moduleTexts('kit', en, zh);
