/**
 * Hand-written sentences of the development set, with their expected calls in a short notation:
 *
 *   att DD-MM-YYYY Name:status ...   (* for everyone: "*:present Kabir:absent")
 *   obs DD-MM-YYYY Name ...          (* for every child of the class)
 *   ann now | ann DD-MM-YYYY hh:mm AM
 *   men Name ...
 *   q kind DD-MM-YYYY DD-MM-YYYY [child=Name] [area=Area Name]
 *   says attendance|observation     (a child of another class: nothing is drafted)
 *
 * several calls separated by " | ", nothing expected as "".
 */
import { CLASSES, type ClassInfo, categoryOf, type DevCase, type ExpectedCall, fullName } from './core.js';
import { AR_RTL, HE_RTL } from './hand-rtl.js';

type Row = [cls: 'NA' | 'KB' | 'TD', date: string, time: string, text: string, expected: string];

const CLASS: Record<Row[0], ClassInfo> = { NA: CLASSES.nurseryA, KB: CLASSES.kindergartenB, TD: CLASSES.toddlers };

// Speaking days: Wed 13-01-2027, Thu 04-03-2027, Mon 19-10-2026, Tue 25-05-2027.
const W = '13-01-2027';
const T = '04-03-2027';
const M = '19-10-2026';
const U = '25-05-2027';

const EN: Row[] = [
  ['NA', W, '09:00 AM', "Kabir's not in today, chesty cough", `att ${W} Kabir:absent`],
  ['NA', W, '09:00 AM', "Got a leave letter for Diya, she's at her cousin's wedding till Friday", `att ${W} Diya:excused`],
  [
    'NA',
    W,
    '09:00 AM',
    'Aarav absent Vihaan late Saanvi present Omar on leave',
    `att ${W} Aarav:absent Vihaan:late Saanvi:present Omar:excused`,
  ],
  ['NA', W, '09:00 AM', "Ethan hasn't shown up and nobody has called", `att ${W} Ethan:absent`],
  ['NA', W, '09:00 AM', 'Noa is poorly, her dad just rang', `att ${W} Noa:absent`],
  ['NA', W, '09:00 AM', "Layla came in late because the car wouldn't start", `att ${W} Layla:late`],
  ['NA', W, '09:00 AM', 'Could you note down that Reyansh zipped his own coat for the first time', `obs ${W} Reyansh`],
  ['NA', W, '09:00 AM', 'Observation: Ananya counted the grapes at snack and got to 15', `obs ${W} Ananya`],
  ['NA', W, '09:00 AM', 'Make a quick obs for Omar - he shared the train set with Ethan without being asked', `obs ${W} Omar`],
  ['NA', W, '09:00 AM', 'Reminder for families: wellies on Friday for the puddle walk', 'ann now'],
  ['NA', W, '09:00 AM', 'Dear parents, our nativity rehearsal runs late on Thursday, pick up at 4', 'ann now'],
  ['NA', W, '09:00 AM', 'Please remind parents tomorrow at 8 that it is non-uniform day', 'ann 14-01-2027 08:00 AM'],
  ['NA', W, '09:00 AM', 'Can you get a message out to families at 3 today saying the heating is fixed', `ann ${W} 03:00 PM`],
  ['NA', W, '09:00 AM', 'Send the parents a note on Friday morning about library books', 'ann 15-01-2027 09:00 AM'],
  [
    'NA',
    W,
    '09:00 AM',
    "Everyone's here apart from Kabir and Meera, both off with colds",
    `att ${W} *:present Kabir:absent Meera:absent`,
  ],
  ['NA', W, '09:00 AM', 'All present today, Diya came late though', `att ${W} *:present Diya:late`],
  ['NA', W, '09:00 AM', 'Mark the register: everyone in except Noa', `att ${W} *:present Noa:absent`],
  ['NA', W, '09:00 AM', 'Vihaan was off on Monday and Tuesday', 'att 11-01-2027 Vihaan:absent | att 12-01-2027 Vihaan:absent'],
  ['NA', W, '09:00 AM', 'Omar was away yesterday with a fever', 'att 12-01-2027 Omar:absent'],
  ['NA', W, '09:00 AM', 'Saanvi drew a house with a door and windows and told me who lives there', `obs ${W} Saanvi`],
  ['NA', W, '09:00 AM', 'Aarav is excused, parents informed us in advance about the trip', `att ${W} Aarav:excused`],
  ['NA', W, '09:00 AM', 'Ethan was really grumpy this morning', 'men Ethan'],
  ['NA', W, '09:00 AM', 'How has Meera been getting on with toilet training?', 'men Meera'],
  ['NA', W, '09:00 AM', 'Zara is absent today', 'says attendance'],
  ['NA', W, '09:00 AM', 'Who was off last week?', 'q absences 04-01-2027 08-01-2027'],
  [
    'NA',
    W,
    '09:00 AM',
    'Which kids have I not observed for maths this month?',
    `q no_observation_in_area 01-01-2027 ${W} area=Mathematics`,
  ],
  ['NA', W, '09:00 AM', "What's Diya's attendance looking like this term?", `q attendance_rate 01-01-2027 ${W} child=Diya`],
  [
    'NA',
    W,
    '09:00 AM',
    'Kabir and Layla both arrived late, traffic was terrible on the bridge',
    `att ${W} Kabir:late Layla:late`,
  ],
  ['NA', W, '09:00 AM', 'Layla painted her hand and made prints, then washed up by herself', `obs ${W} Layla`],
  ['NA', W, '09:00 AM', "Noa's mum says she's got conjunctivitis so she'll be off", `att ${W} Noa:absent`],
  ['NA', W, '09:00 AM', 'Diya off today. Meera built a rocket out of boxes', `att ${W} Diya:absent | obs ${W} Meera`],
  ['NA', W, '09:00 AM', 'Please let all the parents know the nursery shuts at 1 pm on Friday', 'ann now'],
  ['NA', W, '09:00 AM', 'Tell parents that the photographer comes next Tuesday at 10', 'ann now'],
  ['NA', W, '09:00 AM', 'Announcement - bring a wrapped book for the book swap', 'ann now'],
  ['NA', W, '09:00 AM', 'Heads up parents, the car park will be closed tomorrow', 'ann now'],
  ['NA', W, '09:00 AM', 'Put this out to parents at 5 pm: Thank you for the donations!', `ann ${W} 05:00 PM`],
  ['NA', W, '09:00 AM', 'Schedule for Monday 8.30am - swimming kits needed', 'ann 18-01-2027 08:30 AM'],
  ['NA', W, '09:00 AM', 'Reyansh put on his own shoes and Omar fed the fish', `obs ${W} Reyansh Omar`],
  ['NA', W, '09:00 AM', 'All the children made snowflakes today', `obs ${W} *`],
  ['NA', W, '09:00 AM', "thx, that's all for now", ''],
  ['NA', W, '09:00 AM', 'Ananya and Saanvi absent, Ethan late', `att ${W} Ananya:absent Saanvi:absent Ethan:late`],
  ['NA', W, '09:00 AM', 'vihaan came in at 10 so mark him late', `att ${W} Vihaan:late`],
  ['NA', W, '09:00 AM', 'I think Omar is coming down with something, he has stayed home', `att ${W} Omar:absent`],
  ['NA', W, '09:00 AM', "Remind me to call Kabir's mum at lunchtime", 'men Kabir'],
  ['NA', W, '09:00 AM', 'Is it going to rain tomorrow?', ''],
  ['NA', W, '09:00 AM', 'Let me check and get back to you', ''],
  ['KB', T, '10:30 AM', 'Ira stayed home with a tummy ache', `att ${T} Ira:absent`],
  [
    'KB',
    T,
    '10:30 AM',
    "Riya's mum dropped a leave application this morning, family function in Jaipur",
    `att ${T} Riya:excused`,
  ],
  [
    'KB',
    T,
    '10:30 AM',
    'Arjun, Yusuf and Lucas all came late, the school bus broke down',
    `att ${T} Arjun:late Yusuf:late Lucas:late`,
  ],
  ['KB', T, '10:30 AM', "Aditi read the whole of Handa's Surprise to her group", `obs ${T} Aditi`],
  ['KB', T, '10:30 AM', 'Log this: Tamar measured the table with blocks and said it was 9 blocks long', `obs ${T} Tamar`],
  ['KB', T, '10:30 AM', "Zara wrote her name and her brother's name on the card", `obs ${T} Zara`],
  ['KB', T, '10:30 AM', 'Please note Sofia was very helpful settling the new boy', `obs ${T} Sofia`],
  ['KB', T, '10:30 AM', 'Priya absent yesterday', 'att 03-03-2027 Priya:absent'],
  ['KB', T, '10:30 AM', 'Lucas was absent on Tuesday and Wednesday', 'att 02-03-2027 Lucas:absent | att 03-03-2027 Lucas:absent'],
  ['KB', T, '10:30 AM', 'Everybody in today except Zara who has a leave note', `att ${T} *:present Zara:excused`],
  ['KB', T, '10:30 AM', 'All present but Arjun and Ira', `att ${T} *:present Arjun:absent Ira:absent`],
  ['KB', T, '10:30 AM', 'To all KG B parents: sports day practice starts Monday, send trainers', 'ann now'],
  ['KB', T, '10:30 AM', 'Hi families! World Book Day is tomorrow, dress up as your favourite character', 'ann now'],
  ['KB', T, '10:30 AM', 'Remind the parents on Monday at 7:30 am that the school trip money is due', 'ann 08-03-2027 07:30 AM'],
  [
    'KB',
    T,
    '10:30 AM',
    'Draft a message to go to parents tomorrow at 9: early pick-up at 12 on Friday',
    'ann 05-03-2027 09:00 AM',
  ],
  ['KB', T, '10:30 AM', 'Can you send a reminder to families this afternoon at 2 about the bake sale', `ann ${T} 02:00 PM`],
  ['KB', T, '10:30 AM', "Who didn't come in on Monday?", 'q absences 01-03-2027 01-03-2027'],
  [
    'KB',
    T,
    '10:30 AM',
    'Which children have no literacy observations yet this month?',
    `q no_observation_in_area 01-03-2027 ${T} area=Literacy`,
  ],
  ['KB', T, '10:30 AM', 'Attendance rate for Yusuf this month?', `q attendance_rate 01-03-2027 ${T} child=Yusuf`],
  ['KB', T, '10:30 AM', 'How is Aditi doing with her reading?', 'men Aditi'],
  ['KB', T, '10:30 AM', "Riya's granny will pick her up at 3", 'men Riya'],
  ['KB', T, '10:30 AM', 'Meera is late', 'says attendance'],
  [
    'KB',
    T,
    '10:30 AM',
    'Tamar absent Sofia here Priya late Yusuf excused',
    `att ${T} Tamar:absent Sofia:present Priya:late Yusuf:excused`,
  ],
  ['KB', T, '10:30 AM', 'yusuf didnt come today his mom called saying fever', `att ${T} Yusuf:absent`],
  ['KB', T, '10:30 AM', 'Ira was excused yesterday for a hospital appointment', 'att 03-03-2027 Ira:excused'],
  ['KB', T, '10:30 AM', 'arjun tied his shoelaces himself!! so proud', `obs ${T} Arjun`],
  ['KB', T, '10:30 AM', 'Lucas is off today - he fell and hurt his arm at the weekend', `att ${T} Lucas:absent`],
  ['KB', T, '10:30 AM', 'Zara came in late and then spent ages building a marble run', `att ${T} Zara:late | obs ${T} Zara`],
  ['KB', T, '10:30 AM', 'Sofia is back after her holiday', `att ${T} Sofia:present`],
  ['KB', T, '10:30 AM', 'Everyone on time today except Lucas', `att ${T} *:present Lucas:late`],
  ['KB', T, '10:30 AM', 'Aditi and Tamar worked together to finish the 50 piece puzzle', `obs ${T} Aditi Tamar`],
  ['KB', T, '10:30 AM', 'Notice for parents - lost property will be donated next week', 'ann now'],
  ['KB', T, '10:30 AM', 'Kindly inform parents that PTM is scheduled on Saturday', 'ann now'],
  ['KB', T, '10:30 AM', 'Arjun nahi aaya aaj, Riya thoda late aayi', `att ${T} Arjun:absent Riya:late`],
  ['KB', T, '10:30 AM', 'sab aa gaye except Ira', `att ${T} *:present Ira:absent`],
  ['TD', U, '08:45 AM', 'Adam is teething and mum kept him home', `att ${U} Adam:absent`],
  ['TD', U, '08:45 AM', 'Maya took her first steps without holding on!', `obs ${U} Maya`],
  [
    'TD',
    U,
    '08:45 AM',
    "Eli's dad called, they're on a family holiday this week, approved by the office",
    `att ${U} Eli:excused`,
  ],
  ['TD', U, '08:45 AM', 'Lina drank from an open cup at lunch', `obs ${U} Lina`],
  ['TD', U, '08:45 AM', "Sara came in late, doctor's appointment", `att ${U} Sara:late`],
  ['TD', U, '08:45 AM', "Everyone's in", `att ${U} *:present`],
  ['TD', U, '08:45 AM', 'Dear parents, please send sun cream and a hat every day', 'ann now'],
  ['TD', U, '08:45 AM', 'Remind parents Thursday at 4 about the toddler stay and play', 'ann 27-05-2027 04:00 PM'],
  ['TD', U, '08:45 AM', "Can you note that Eli said 'more please' using signs", `obs ${U} Eli`],
  ['TD', U, '08:45 AM', 'Maya absent Sara late Lina in', `att ${U} Maya:absent Sara:late Lina:present`],
  ['TD', U, '08:45 AM', 'Who was absent yesterday?', 'q absences 24-05-2027 24-05-2027'],
  ['TD', U, '08:45 AM', 'Lina was a bit sleepy today', 'men Lina'],
  ['TD', U, '08:45 AM', 'Kabir built a tower', 'says observation'],
  ['TD', U, '08:45 AM', "Adam's nappy rash is better", 'men Adam'],
  ['TD', U, '08:45 AM', 'Maya was off on Friday', 'att 21-05-2027 Maya:absent'],
  ['TD', U, '08:45 AM', 'Sara stacked five cups yesterday and knocked them down laughing', 'obs 24-05-2027 Sara'],
  ['NA', M, '09:30 AM', 'Good news - Omar used the toilet all by himself', `obs ${M} Omar`],
  ['NA', M, '09:30 AM', 'Reyansh reached school at 10:15, mark late pls', `att ${M} Reyansh:late`],
  ['NA', M, '09:30 AM', "Layla's parents gave a leave note for the whole week", `att ${M} Layla:excused`],
  ['NA', M, '09:30 AM', 'Parents, a reminder that the Diwali party is this Thursday', 'ann now'],
  ['NA', M, '09:30 AM', 'Tell the families at 4 this afternoon that tomorrow is a holiday', `ann ${M} 04:00 PM`],
  [
    'NA',
    M,
    '09:30 AM',
    'Write to parents: pick-up changes to 12:30 from next week. Send it Wednesday at 9',
    'ann 21-10-2026 09:00 AM',
  ],
  ['NA', M, '09:30 AM', 'Ananya did a lovely bit of mark making today, lots of circles', `obs ${M} Ananya`],
  ['NA', M, '09:30 AM', "Saanvi has fever, won't come today", `att ${M} Saanvi:absent`],
  [
    'NA',
    M,
    '09:30 AM',
    'Full house except Ethan and Aarav. Kabir did a 20 piece puzzle!',
    `att ${M} *:present Ethan:absent Aarav:absent | obs ${M} Kabir`,
  ],
  ['NA', M, '09:30 AM', 'Omar came late but then helped me set up the painting table', `att ${M} Omar:late | obs ${M} Omar`],
  ['NA', M, '09:30 AM', 'Meera was absent on Friday', 'att 16-10-2026 Meera:absent'],
  [
    'NA',
    M,
    '09:30 AM',
    'Who has no PSED observations?',
    `q no_observation_in_area 01-10-2026 ${M} area=Personal, Social and Emotional Development`,
  ],
  ['NA', M, '09:30 AM', 'How often has Ethan been absent this term?', `q attendance_rate 01-09-2026 ${M} child=Ethan`],
  [
    'NA',
    M,
    '09:30 AM',
    'please send a message to all parents tomorrow at 8:30 am reminding them it is fancy dress day',
    'ann 20-10-2026 08:30 AM',
  ],
  ['NA', M, '09:30 AM', 'mark noa present and vihaan absent', `att ${M} Noa:present Vihaan:absent`],
  ['NA', M, '09:30 AM', "Vihaan's not coming in, his granny passed away, family have asked for leave", `att ${M} Vihaan:excused`],
  ['NA', M, '09:30 AM', 'Kabir, Meera absent. Diya, Noa late.', `att ${M} Kabir:absent Meera:absent Diya:late Noa:late`],
  ['NA', M, '09:30 AM', 'Ethan and Layla sang Happy Birthday to Meera', `obs ${M} Ethan Layla`],
  ['NA', M, '09:30 AM', 'Can you create a notice: Halloween costumes welcome on the 30th', 'ann now'],
];

const AR: Row[] = [
  ['TD', U, '08:45 AM', 'آدم اليوم غايب، أمه قالت عنده سخونة', `att ${U} Adam:absent`],
  ['TD', U, '08:45 AM', 'مايا إجت متأخرة شوي', `att ${U} Maya:late`],
  ['TD', U, '08:45 AM', 'سارة وإيلي حاضرين، لينا غايبة', `att ${U} Sara:present Eli:present Lina:absent`],
  ['TD', U, '08:45 AM', 'الكل موجود اليوم غير آدم', `att ${U} *:present Adam:absent`],
  ['TD', U, '08:45 AM', 'إيلي لبس حذاءه لحاله اليوم', `obs ${U} Eli`],
  ['TD', U, '08:45 AM', 'سجلي ملاحظة إنو لينا عدّت لحد خمسة', `obs ${U} Lina`],
  ['TD', U, '08:45 AM', 'تذكير للأهل: بكرا ما في دوام', 'ann now'],
  ['TD', U, '08:45 AM', 'أهلنا الأعزاء، الرجاء إرسال غيار إضافي', 'ann now'],
  ['TD', U, '08:45 AM', 'ابعت للأهالي يوم الخميس الساعة ٤ إنو في حفلة الأسبوع الجاي', 'ann 27-05-2027 04:00 PM'],
  ['TD', U, '08:45 AM', 'مين غاب امبارح؟', 'q absences 24-05-2027 24-05-2027'],
  ['TD', U, '08:45 AM', 'شو نسبة حضور سارة هالشهر؟', `q attendance_rate 01-05-2027 ${U} child=Sara`],
  ['TD', U, '08:45 AM', 'آدم كان غايب يوم الخميس', 'att 20-05-2027 Adam:absent'],
  ['TD', U, '08:45 AM', 'أهل مايا أرسلوا إذن غياب، عندهم سفر', `att ${U} Maya:excused`],
  ['TD', U, '08:45 AM', 'لينا نامت منيح بعد الغدا', 'men Lina'],
  ['TD', U, '08:45 AM', 'كيف صار إيلي مع الأكل؟', 'men Eli'],
  ['TD', U, '08:45 AM', 'كريم غايب اليوم', 'says attendance'],
  ['TD', U, '08:45 AM', 'سارة غايبة مايا متأخرة آدم حاضر', `att ${U} Sara:absent Maya:late Adam:present`],
  ['TD', U, '08:45 AM', 'آدم ساعد مايا تجمع الألعاب وبعدين غسل إيديه', `obs ${U} Adam`],
  ['TD', U, '08:45 AM', 'سجّل إنو آدم متأخر وإنو سارة رسمت بيت', `att ${U} Adam:late | obs ${U} Sara`],
  ['TD', U, '08:45 AM', 'الكل إجا، وإعلان للأهالي: الاجتماع بكرا الساعة ٥', `att ${U} *:present | ann now`],
  ['TD', U, '08:45 AM', 'ممكن تبعتي رسالة للأهل الساعة 3 العصر إنو الباص رح يتأخر', `ann ${U} 03:00 PM`],
  ['TD', U, '08:45 AM', 'مين ما عنده ملاحظة بالرياضيات هالشهر؟', `q no_observation_in_area 01-05-2027 ${U} area=Mathematics`],
  ['TD', U, '08:45 AM', 'صباح الخير يا حلوين', ''],
  ['TD', U, '08:45 AM', 'لينا ما إجت لأنها مريضة', `att ${U} Lina:absent`],
  ['TD', U, '08:45 AM', 'Adam غايب اليوم', `att ${U} Adam:absent`],
  ['TD', U, '08:45 AM', 'مايا قالت كلمة جديدة اليوم: موزة', `obs ${U} Maya`],
  ['TD', U, '08:45 AM', 'إيلي بإجازة مع أهله لآخر الأسبوع', `att ${U} Eli:excused`],
  ['TD', U, '08:45 AM', 'سارة وصلت الساعة عشرة، سجليها متأخرة', `att ${U} Sara:late`],
  ['NA', W, '09:00 AM', 'عمر غايب اليوم وليلى متأخرة', `att ${W} Omar:absent Layla:late`],
  ['NA', W, '09:00 AM', 'نوعا بنت بيت من المكعبات', `obs ${W} Noa`],
  ['NA', W, '09:00 AM', 'أعزائي الأهالي، يوم الجمعة رح نعمل يوم رياضي', 'ann now'],
  ['NA', W, '09:00 AM', 'إيثان ما إجا امبارح', 'att 12-01-2027 Ethan:absent'],
];

const HE: Row[] = [
  ['TD', U, '08:45 AM', 'אדם לא הגיע היום, יש לו חום', `att ${U} Adam:absent`],
  ['TD', U, '08:45 AM', 'מאיה איחרה קצת הבוקר', `att ${U} Maya:late`],
  ['TD', U, '08:45 AM', 'שרה ואלי פה, לינה חסרה', `att ${U} Sara:present Eli:present Lina:absent`],
  ['TD', U, '08:45 AM', 'כולם פה חוץ מאדם', `att ${U} *:present Adam:absent`],
  ['TD', U, '08:45 AM', 'אלי נעל את הנעליים לבד היום', `obs ${U} Eli`],
  ['TD', U, '08:45 AM', 'תרשמי בבקשה שלינה ספרה עד חמש', `obs ${U} Lina`],
  ['TD', U, '08:45 AM', 'תזכורת להורים: מחר אין גן', 'ann now'],
  ['TD', U, '08:45 AM', 'הורים יקרים, נא לשלוח בגדים להחלפה', 'ann now'],
  ['TD', U, '08:45 AM', 'תשלחי להורים ביום חמישי ב-4 שיש מסיבה בשבוע הבא', 'ann 27-05-2027 04:00 PM'],
  ['TD', U, '08:45 AM', 'מי חסר אתמול?', 'q absences 24-05-2027 24-05-2027'],
  ['TD', U, '08:45 AM', 'מה אחוז הנוכחות של שרה החודש?', `q attendance_rate 01-05-2027 ${U} child=Sara`],
  ['TD', U, '08:45 AM', 'אדם היה חסר ביום חמישי', 'att 20-05-2027 Adam:absent'],
  ['TD', U, '08:45 AM', 'ההורים של מאיה שלחו מכתב שהם בחופשה', `att ${U} Maya:excused`],
  ['TD', U, '08:45 AM', 'לינה ישנה טוב אחרי הצהריים', 'men Lina'],
  ['TD', U, '08:45 AM', 'איך אלי מסתדר עם האוכל?', 'men Eli'],
  ['TD', U, '08:45 AM', 'יעל חסרה היום', 'says attendance'],
  ['TD', U, '08:45 AM', 'שרה חסרה מאיה איחרה אדם הגיע', `att ${U} Sara:absent Maya:late Adam:present`],
  ['TD', U, '08:45 AM', 'אדם עזר למאיה לאסוף צעצועים ואחר כך שטף ידיים', `obs ${U} Adam`],
  ['TD', U, '08:45 AM', 'תרשמי שאדם איחר ושמאיה ציירה בית', `att ${U} Adam:late | obs ${U} Maya`],
  ['TD', U, '08:45 AM', 'כולם הגיעו. והודעה להורים: האסיפה מחר בשעה 5', `att ${U} *:present | ann now`],
  ['TD', U, '08:45 AM', 'אפשר לשלוח להורים הודעה בשלוש אחר הצהריים שההסעה תאחר?', `ann ${U} 03:00 PM`],
  ['TD', U, '08:45 AM', 'לאילו ילדים אין תצפית במתמטיקה החודש?', `q no_observation_in_area 01-05-2027 ${U} area=Mathematics`],
  ['TD', U, '08:45 AM', 'בוקר טוב לכולם', ''],
  ['TD', U, '08:45 AM', 'לינה לא באה כי היא חולה', `att ${U} Lina:absent`],
  ['TD', U, '08:45 AM', 'Adam חסר היום', `att ${U} Adam:absent`],
  ['TD', U, '08:45 AM', 'מאיה אמרה מילה חדשה היום: בננה', `obs ${U} Maya`],
  ['TD', U, '08:45 AM', 'אלי בחופשה עם המשפחה עד סוף השבוע', `att ${U} Eli:excused`],
  ['TD', U, '08:45 AM', 'שרה הגיעה בעשר, תסמני אותה מאחרת', `att ${U} Sara:late`],
  ['NA', W, '09:00 AM', 'עומר חסר היום וליילה איחרה', `att ${W} Omar:absent Layla:late`],
  ['NA', W, '09:00 AM', 'נועה בנתה בית מקוביות', `obs ${W} Noa`],
  ['NA', W, '09:00 AM', 'הורים יקרים, ביום שישי יהיה יום ספורט', 'ann now'],
  ['NA', W, '09:00 AM', 'איתן לא הגיע אתמול', 'att 12-01-2027 Ethan:absent'],
];

function parse(cls: ClassInfo, date: string, time: string, spec: string): ExpectedCall[] {
  const child = (first: string) => {
    const c = cls.children.find((x) => x.first === first);
    if (!c) throw new Error(`${first} is not in ${cls.name}`);
    return fullName(c);
  };
  const calls: ExpectedCall[] = [];
  const obs: { student: string; date: string; type_of_anecdote: string }[] = [];
  for (const part of spec
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [kind, ...rest] = part.split(/\s+/);
    if (kind === 'att') {
      const [day, ...marks] = rest;
      const status = new Map<string, string>();
      for (const m of marks) {
        const [who = '', s = ''] = m.split(':');
        if (who === '*') for (const c of cls.children) status.set(fullName(c), s);
        else status.set(child(who), s);
      }
      calls.push({
        name: 'mark_attendance',
        args: {
          date: day,
          student_attendance_list: cls.children
            .filter((c) => status.has(fullName(c)))
            .map((c) => ({ student: fullName(c), attendance_status: status.get(fullName(c)) })),
        },
      });
    } else if (kind === 'obs') {
      const [day = '', ...who] = rest;
      const kids = who[0] === '*' ? cls.children.map(fullName) : who.map(child);
      for (const k of kids) obs.push({ student: k, date: day, type_of_anecdote: 'general' });
    } else if (kind === 'ann') {
      calls.push({
        name: 'draft_announcement',
        args:
          rest[0] === 'now'
            ? { date, time, schedule_later: false }
            : { date: rest[0], time: `${rest[1]} ${rest[2]}`, schedule_later: true },
      });
    } else if (kind === 'men') {
      calls.push({ name: 'mentioned_students', args: { students: rest.map((w) => ({ student: child(w) })) } });
    } else if (kind === 'says') {
      // Nothing drafted: the child is not in the class.
    } else if (kind === 'q') {
      const [qk, from, to, ...more] = rest;
      const tail = more.join(' ');
      const who = /child=(\w+)/.exec(tail)?.[1];
      const area = /area=(.+)$/.exec(tail)?.[1];
      calls.push({
        name: 'class_question',
        args: { kind: qk, from, to, ...(who ? { student: child(who) } : {}), ...(area ? { area } : {}) },
      });
    } else throw new Error(`unknown call "${part}"`);
  }
  if (obs.length) calls.push({ name: 'create_observation', args: { observation_entries: obs } });
  return calls;
}

const rows = (lang: DevCase['lang'], list: Row[]): DevCase[] =>
  list.map(([k, date, time, text, spec]) => {
    const expected = parse(CLASS[k], date, time, spec);
    const says = /^says (attendance|observation)$/.exec(spec)?.[1] as 'attendance' | 'observation' | undefined;
    return {
      text,
      class: CLASS[k].name,
      date,
      time,
      expected,
      category: categoryOf(expected),
      lang,
      source: 'hand',
      ...(says ? { says: [says] } : {}),
    };
  });

/** The Toddlers teachers' Arabic and Hebrew sentences of `hand-rtl.ts` (part of `HAND`). */
export const HAND_RTL: DevCase[] = [...rows('ar', AR_RTL), ...rows('he', HE_RTL)];

export const HAND: DevCase[] = [...rows('en', EN), ...rows('ar', AR), ...rows('he', HE), ...HAND_RTL];
