import { type Gradebook, gradeWaitingLabels, type Lang } from '@lyceum/contract';
import { listSheet, type SheetColumn } from '../export/list-sheet';

type Student = Gradebook['students'][number];

// The gradebook as one sheet: a row per student, a column per exam or homework (its maximum in the
// header; empty where no final score), each category's percentage, the total and the grade.
export async function gradebookSheet(book: Gradebook, lang: Lang) {
  const columns: SheetColumn<Student>[] = [
    { header: ['User name', '用户名'], width: 16, cell: (s) => s.userName },
    { header: ['Name', '姓名'], width: 16, cell: (s) => s.realName },
    ...book.items.map(
      (item, i): SheetColumn<Student> => ({
        header: [
          `${item.name} (/${item.maxScore})${item.waiting ? ` – ${gradeWaitingLabels[item.waiting].en}` : ''}`,
          `${item.name}（满分 ${item.maxScore}）${item.waiting ? ` – ${gradeWaitingLabels[item.waiting].zh}` : ''}`,
        ],
        width: 18,
        cell: (s) => s.scores[i] ?? null,
      }),
    ),
    ...book.categories.map(
      (c, i): SheetColumn<Student> => ({
        header: [`${c.name} % (${c.weight} %)`, `${c.name} %（权重 ${c.weight}%）`],
        width: 16,
        cell: (s) => s.categories[i] ?? null,
      }),
    ),
    { header: ['Total %', '总评 %'], width: 10, cell: (s) => s.total },
    { header: ['Grade', '等级'], width: 8, cell: (s) => s.band ?? '' },
  ];
  // A sheet's name: at most 31 characters, none of \ / ? * [ ] :
  const name = `${book.team.name} ${book.semester.name}`.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);
  const title = { en: name, zh: name };
  const sheet = await listSheet(title, columns, book.students, lang);
  return { sheet, count: book.students.length };
}
