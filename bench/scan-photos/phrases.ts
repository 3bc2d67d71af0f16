/**
 * The text around a word list that a scanner must leave out: titles, school headers, footers,
 * instructions, the sentences of a fill-in exercise, a story page, a chat's small talk.
 */
import type { Language } from '@spellwell/shared';

interface Phrases {
  titles: string[];
  schools: string[];
  fields: string[];
  instructions: string[];
  footers: string[];
  wordBank: string;
  /** "{w}" is where the word goes (or the blank, in a fill-in exercise). */
  sentences: string[];
  story: string[];
  chatIntro: string[];
  chatListLead: string[];
  chatReplies: string[];
  /** How a list is written on one line: the separator between words. */
  separators: string[];
  tableHeads: [string, string];
}

export const PHRASES: Record<Language, Phrases> = {
  English: {
    titles: [
      'Spelling List',
      'Week 7 Spelling',
      'Spelling Test – Term 2',
      'My Spelling Words',
      'Dictation Words',
      'Spelling Practice',
    ],
    schools: [
      'Greenfield Primary School',
      'St. Mary’s Primary',
      'Rosewood Primary School',
      'Maple Hill Primary',
    ],
    fields: ['Name: ______________', 'Class: _______', 'Date: ___________'],
    instructions: [
      'Learn these words for the test on Friday.',
      'Look, say, cover, write, check.',
      'Practise each word three times.',
      'Your child will be tested on these words next week.',
    ],
    footers: [
      'Page 1 of 1',
      'Please sign: ____________',
      '© Greenfield Primary · English Dept',
      'Keep this sheet in your folder',
    ],
    wordBank: 'Word bank',
    sentences: [
      'We talked about {w} in class today.',
      'Can you spell {w} without looking?',
      'My sister wrote {w} in her story.',
      'The teacher said {w} twice.',
      'I found {w} in the dictionary.',
      'Please use {w} in a sentence.',
    ],
    story: [
      'The Lost Kite',
      'Maya ran to the top of the hill with her new kite. The wind was strong and the sky was clear.',
      'She let the string out slowly, and the kite climbed higher and higher above the trees.',
      'Suddenly the string slipped from her fingers. The kite floated away over the river.',
      'Maya followed it along the path until it landed softly in an old farmer’s field.',
      'The farmer smiled, untangled the string and handed the kite back to her.',
      '“Hold on tight next time,” he said, and Maya laughed all the way home.',
    ],
    chatIntro: ['Good evening parents,', 'Hi all, reminder for tomorrow', 'Dear parents', 'Hello everyone!'],
    chatListLead: ['Spelling words:', 'This week’s spelling:', 'Spelling for Friday:', 'Words to revise:'],
    chatReplies: [
      'Thank you teacher',
      'Noted, thanks!',
      'Thanks Mrs Lim',
      'Got it',
      'Is the test on Friday?',
      'Yes, Friday',
    ],
    separators: [', ', '; ', ', '],
    tableHeads: ['Word', 'Meaning'],
  },
  Chinese: {
    titles: ['听写词语', '第五课 听写', '词语听写（二）', '默写练习', '生字词语表', '本周听写'],
    schools: ['育才小学', '南洋小学 二年级', '光明小学', '华侨小学 三年级'],
    fields: ['姓名：__________', '班级：______', '日期：________'],
    instructions: [
      '请家长帮忙听写以下词语。',
      '每个词语写三遍。',
      '星期五听写，请复习。',
      '读一读，写一写。',
    ],
    footers: ['家长签名：__________', '第 1 页', '华文组 编', '请认真复习'],
    wordBank: '词语盒子',
    sentences: ['今天我们学了“{w}”。', '请用“{w}”造句。', '我在书里看到“{w}”。', '老师说“{w}”很重要。'],
    story: [
      '小兔子找朋友',
      '春天来了，小兔子在森林里散步。它看见一只小鸟在树上唱歌。',
      '小兔子问：“你愿意做我的朋友吗？”小鸟高兴地说：“愿意！”',
      '它们一起来到河边，看见一只小乌龟慢慢地爬着。',
      '小乌龟说：“我也想和你们做朋友。”',
      '从此，三个好朋友每天一起玩，一起学习，过得非常快乐。',
    ],
    chatIntro: ['各位家长好：', '家长们晚上好', '通知：', '各位家长，明天听写'],
    chatListLead: ['听写词语：', '明天听写：', '本周词语：', '请复习：'],
    chatReplies: ['收到，谢谢老师', '好的', '谢谢老师！', '收到', '明天几点？'],
    separators: ['、', '，', '  '],
    tableHeads: ['词语', '意思'],
  },
  Malay: {
    titles: ['Senarai Ejaan', 'Ejaan Minggu Ini', 'Latihan Ejaan', 'Imlak', 'Perkataan Ejaan Tahun 2'],
    schools: ['Sekolah Kebangsaan Taman Melati', 'SK Seri Indah', 'Sekolah Rendah Bukit Jalil'],
    fields: ['Nama: ______________', 'Kelas: _______', 'Tarikh: _________'],
    instructions: [
      'Hafal perkataan ini untuk ujian hari Jumaat.',
      'Baca dan tulis setiap perkataan tiga kali.',
      'Ibu bapa sila bantu anak berlatih.',
    ],
    footers: ['Tandatangan ibu bapa: __________', 'Muka surat 1', 'Panitia Bahasa Melayu'],
    wordBank: 'Kotak perkataan',
    sentences: [
      'Kami belajar tentang {w} hari ini.',
      'Sila eja {w} dengan betul.',
      'Adik menulis {w} dalam buku.',
      'Cikgu menyebut {w} dua kali.',
    ],
    story: [
      'Sang Kancil dan Buaya',
      'Pada suatu hari, Sang Kancil mahu menyeberang sungai untuk makan buah-buahan.',
      'Di dalam sungai itu ada banyak buaya yang sedang lapar.',
      'Sang Kancil berkata, “Raja menyuruh aku mengira semua buaya di sungai ini.”',
      'Buaya-buaya itu pun berbaris dari tebing ke tebing.',
      'Sang Kancil melompat di atas belakang mereka sambil mengira, lalu sampai ke seberang.',
    ],
    chatIntro: ['Salam ibu bapa,', 'Selamat petang semua', 'Makluman untuk esok'],
    chatListLead: ['Ejaan minggu ini:', 'Perkataan ejaan:', 'Imlak hari Jumaat:'],
    chatReplies: ['Terima kasih cikgu', 'Baik cikgu', 'Noted, terima kasih', 'Ok'],
    separators: [', ', '; '],
    tableHeads: ['Perkataan', 'Maksud'],
  },
  Tamil: {
    titles: ['சொல்வதெழுதுதல்', 'எழுத்துப் பயிற்சி', 'இந்த வாரச் சொற்கள்', 'சொற்கள் பட்டியல்'],
    schools: ['அரசினர் தமிழ்ப் பள்ளி', 'தேசிய வகை தமிழ்ப் பள்ளி', 'ஸ்ரீ முருகன் தமிழ்ப் பள்ளி'],
    fields: ['பெயர்: ______________', 'வகுப்பு: ______', 'தேதி: ________'],
    instructions: ['இந்தச் சொற்களை வெள்ளிக்கிழமைக்குள் படிக்கவும்.', 'ஒவ்வொரு சொல்லையும் மூன்று முறை எழுதவும்.'],
    footers: ['பெற்றோர் கையொப்பம்: __________', 'பக்கம் 1', 'தமிழ்மொழிப் பிரிவு'],
    wordBank: 'சொல் வங்கி',
    sentences: ['இன்று நாங்கள் {w} பற்றிப் படித்தோம்.', '{w} என்ற சொல்லை எழுதுக.', 'ஆசிரியர் {w} என்று சொன்னார்.'],
    story: [
      'காகமும் நரியும்',
      'ஒரு காகம் ஒரு வடையைக் கொண்டு மரத்தின் மேல் அமர்ந்தது.',
      'அதைப் பார்த்த நரி, காகத்தைப் பாடச் சொன்னது.',
      'காகம் பாடத் தொடங்கியதும் வடை கீழே விழுந்தது.',
      'நரி வடையை எடுத்துக்கொண்டு ஓடிவிட்டது.',
    ],
    chatIntro: ['பெற்றோர்களுக்கு வணக்கம்,', 'அனைவருக்கும் வணக்கம்', 'நாளைய சொல்வதெழுதுதல்'],
    chatListLead: ['சொற்கள்:', 'இந்த வாரச் சொற்கள்:', 'சொல்வதெழுதுதல்:'],
    chatReplies: ['நன்றி ஆசிரியர்', 'சரி', 'நன்றி', 'Ok teacher'],
    separators: [', '],
    tableHeads: ['சொல்', 'பொருள்'],
  },
};
