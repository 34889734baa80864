import type { Title } from '@lyceum/contract';

// What each screen of the product will let people do, said to the people who will use it. The page
// shown for a screen that is not built yet (UpcomingView) reads it, so nobody meets a blank or a
// technical placeholder. Keyed by the menu catalogue's component string; upcoming-screens.test.ts
// checks every catalogued screen without a view has an entry here.
export const upcomingScreens: Readonly<Record<string, Title>> = {
  'exam/paper': {
    en: 'Build exam papers from the question bank: sections, questions and marks, then publish a paper so exams can use it.',
    zh: '从题库组卷：设置大题、题目和分值，发布后即可用于考试。',
  },
  'examScores/index': {
    en: 'The results of every exam: scores per student, pass rates, and publishing the results to students.',
    zh: '每场考试的成绩：每位学生的分数、及格率，并向学生发布成绩。',
  },
  'user/achiReport': {
    en: "Analyse one exam's scores: distribution, averages by class and how each question was answered.",
    zh: '分析一场考试的成绩：分数分布、各班平均分以及每道题的作答情况。',
  },
  'task/paper': {
    en: 'Build homework papers from the question bank, to be set as homework tasks.',
    zh: '从题库组成作业试卷，用于布置作业任务。',
  },
  'applicationManagement/index': {
    en: 'Review applications from prospective students and training participants, and admit them.',
    zh: '审核新生和培训学员的报名申请，并办理录取。',
  },
  'trainingCentre/index': {
    en: 'Keep the list of training centres with their addresses, contacts and courses.',
    zh: '维护培训中心名录，包括地址、联系人和开设的课程。',
  },
  'trainingManagement/myTraining': {
    en: 'Book training sessions, follow your waitlist place and see the hours credited.',
    zh: '预订培训场次，查看候补名次和已认定的学时。',
  },
  'statistics/index': {
    en: 'Figures across the school: exam results, homework completion, attendance and activity over time.',
    zh: '全校数据统计：考试成绩、作业完成率、考勤和使用情况的变化趋势。',
  },
};

export function upcomingScreenText(component: string): Title | undefined {
  return Object.hasOwn(upcomingScreens, component) ? upcomingScreens[component] : undefined;
}
