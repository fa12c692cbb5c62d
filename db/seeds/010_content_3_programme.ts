import type { Knex } from 'knex';
import type { SeedContext } from '../../src/server/seed.ts';

/**
 * Demo content of the association's own programme (SEED_DEMO): brand activities, trails, organisation members
 * and youth forum talks. Events, members and speakers are fictional and named generically; every fact about
 * the canal they mention is true. Dates are relative to the first start, so the demo always has upcoming,
 * ongoing and past activities.
 */

const IMG = '/images/content';
const DAY = 86400;
const HOUR = 3600;
/** China Standard Time is UTC+8 all year. */
const CST = 8 * HOUR;

/** `days` from the seed day, at `hour` o'clock China time. */
function at(now: number, days: number, hour: number): number {
  const midnight = Math.floor((now + CST) / DAY) * DAY - CST;
  return midnight + days * DAY + hour * HOUR;
}

interface ActivitySeed {
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  content: string;
  content_en: string;
  place: string;
  place_en: string;
  cover: string;
  /** Start and end, in days from the seed day. */
  from: number;
  to: number;
}

const ACTIVITIES: ActivitySeed[] = [
  {
    title: '运河行走·杭州站：从拱宸桥到富义仓',
    title_en: 'Canal Walk: Hangzhou — from Gongchen Bridge to Fuyi Granary',
    summary: '沿京杭大运河南端的河岸步行，走访拱宸桥、桥西历史文化街区和富义仓。',
    summary_en: 'A walk along the southern end of the Beijing–Hangzhou canal, taking in Gongchen Bridge, the Qiaoxi historic quarter and Fuyi Granary.',
    content: `<p>本期"运河行走"在杭州举行。队伍从拱宸桥出发，这座三孔石拱桥建于明崇祯四年（1631年），被视为京杭大运河南端的标志。</p>
<p>我们将先走访桥西历史文化街区，再沿运河南行，途经香积寺一带，最后到达清代的富义仓。全程约4.5公里，讲解员会在沿途介绍杭州段运河的遗产点。</p>
<p>请穿着舒适的步行鞋，自备饮用水。活动面向协会会员，请在会员中心报名。</p>`,
    content_en: `<p>This Canal Walk takes place in Hangzhou. We set off from Gongchen Bridge, the three-arched stone bridge built in 1631 under the Ming that marks the southern end of the Beijing–Hangzhou canal.</p>
<p>We visit the Qiaoxi historic quarter first, then follow the canal south past the Xiangji Temple area to the Qing-dynasty Fuyi Granary: about 4.5 km in all, with a guide introducing the heritage sites of the Hangzhou canal along the way.</p>
<p>Wear comfortable walking shoes and bring water. The walk is for members of the association; please sign up in the member centre.</p>`,
    place: '杭州 · 拱宸桥',
    place_en: 'Gongchen Bridge, Hangzhou',
    cover: `${IMG}/walkers.svg`,
    from: 20,
    to: 20,
  },
  {
    title: '青少年运河研学营·苏州',
    title_en: 'Youth canal study camp: Suzhou',
    summary: '三天的研学营带领中学生走进盘门、宝带桥和山塘街，用脚步和画笔记录江南运河。',
    summary_en: 'A three-day camp taking secondary-school students to Panmen Gate, Baodai Bridge and Shantang Street to record the Jiangnan Canal on foot and in sketches.',
    content: `<p>研学营面向中学生，为期三天。第一天参观盘门——保存完整的水陆并列城门；第二天骑行至五十三孔的宝带桥，了解运河纤道；第三天走访山塘历史文化街区，完成一份运河观察手册。</p>
<p>每个小组由协会的高校志愿者带队。研学成果将在协会网站和青年论坛上展示。</p>`,
    content_en: `<p>A three-day camp for secondary-school students. Day one visits Panmen, a well-preserved city gate with land and water gates side by side; day two cycles to the 53-arch Baodai Bridge to learn about the canal towpath; day three explores the Shantang historic quarter and completes a canal field notebook.</p>
<p>Each group is led by university volunteers of the association. The camp's work will be shown on our website and at the youth forum.</p>`,
    place: '苏州古城',
    place_en: 'Old city of Suzhou',
    cover: `${IMG}/city-gate.svg`,
    from: 45,
    to: 47,
  },
  {
    title: '"桥与水"运河摄影展',
    title_en: '"Bridges and Water" canal photo exhibition',
    summary: '会员拍摄的百余幅运河古桥照片，从通州到宁波，展期约六周。',
    summary_en: 'More than a hundred members\' photographs of old canal bridges from Tongzhou to Ningbo, on show for about six weeks.',
    content: `<p>摄影展以运河上的古桥为主题，展出会员拍摄的百余幅作品，包括杭州拱宸桥、塘栖广济桥、苏州宝带桥、绍兴八字桥等。</p>
<p>展览免费开放，每周六下午有会员导览。</p>`,
    content_en: `<p>The exhibition is devoted to old bridges on the canal, with more than a hundred photographs by members, including Gongchen Bridge in Hangzhou, Guangji Bridge at Tangqi, Baodai Bridge in Suzhou and Bazi Bridge in Shaoxing.</p>
<p>Entry is free, with a guided tour by members every Saturday afternoon.</p>`,
    place: '杭州 · 拱宸桥畔',
    place_en: 'Beside Gongchen Bridge, Hangzhou',
    cover: `${IMG}/camera.svg`,
    from: -12,
    to: 30,
  },
  {
    title: '运河号子音乐会',
    title_en: 'Canal work-song concert',
    summary: '老船工与青年音乐人同台，演唱拉纤、摇橹、起锚时的运河号子。',
    summary_en: 'Veteran boatmen and young musicians share the stage to sing the canal\'s hauling, sculling and anchor songs.',
    content: `<p>运河号子是船工在拉纤、摇橹、起锚时一领众和唱出的劳动之歌。音乐会邀请老船工讲述号子背后的故事，并与青年音乐人一起演唱传统号子和新编作品。</p>
<p>音乐会在户外举行，如遇雨天将改期并另行通知。</p>`,
    content_en: `<p>Canal work songs are the call-and-response chants boatmen sang while hauling, sculling and raising anchor. Veteran boatmen will tell the stories behind the songs and sing traditional chants and new arrangements with young musicians.</p>
<p>The concert is outdoors; if it rains it will be postponed and a new date announced.</p>`,
    place: '北京通州 · 北运河畔',
    place_en: 'North Canal bank, Tongzhou, Beijing',
    cover: `${IMG}/boat-song.svg`,
    from: 70,
    to: 70,
  },
  {
    title: '运河行走·扬州站：邵伯古堤',
    title_en: 'Canal Walk: Yangzhou — the old Shaobo dyke',
    summary: '沿邵伯古堤和邵伯码头徒步，了解淮扬运河上的世界遗产点。',
    summary_en: 'A walk along the old Shaobo dyke and wharves, World Heritage sites of the Huaiyang Canal.',
    content: `<p>徒步路线沿邵伯古堤展开，途经古码头和运河船闸。相传东晋谢安在此筑埭，百姓把他比作周代贤臣召伯，邵伯由此得名。</p>
<p>邵伯古堤与邵伯码头在2014年作为中国大运河的遗产点列入《世界遗产名录》。</p>`,
    content_en: `<p>The walk follows the old Shaobo dyke past the historic wharves and the canal locks. Legend says Xie An of the Eastern Jin built a dam here and locals compared him to Duke Shao of the Zhou, hence the name Shaobo.</p>
<p>The old Shaobo dyke and wharves were inscribed on the World Heritage List in 2014 as sites of the Grand Canal.</p>`,
    place: '扬州江都 · 邵伯镇',
    place_en: 'Shaobo, Jiangdu, Yangzhou',
    cover: `${IMG}/willow-dyke.svg`,
    from: -16,
    to: -16,
  },
  {
    title: '运河城市手册首发分享会',
    title_en: 'Launch talk for the canal cities handbook',
    summary: '编写组介绍双语《运河城市手册》的编写过程，并与读者交流运河城市的故事。',
    summary_en: 'The editors of the bilingual canal cities handbook tell how it was made and share stories of the canal cities with readers.',
    content: `<p>双语《运河城市手册》按十个河段介绍运河沿线城市。分享会上，编写组成员讲述了资料核实和双语写作中的经验，并现场解答读者的问题。</p>`,
    content_en: `<p>The bilingual canal cities handbook presents the cities along the canal section by section. At the launch the editors spoke about checking facts and writing in two languages, and answered readers' questions.</p>`,
    place: '协会会员单位报告厅',
    place_en: 'Lecture hall of a member institution',
    cover: `${IMG}/books.svg`,
    from: -51,
    to: -51,
  },
  {
    title: '通州骑行：燃灯塔至张家湾',
    title_en: 'Tongzhou ride: Randeng Pagoda to Zhangjiawan',
    summary: '沿北运河骑行，从运河北端的燃灯塔出发，前往明代漕运码头张家湾。',
    summary_en: 'A ride along the North Canal from the Randeng Pagoda at the canal\'s northern end to the Ming grain port of Zhangjiawan.',
    content: `<p>骑行从通州燃灯塔出发。这座塔矗立在运河北端，有"一枝塔影认通州"之说。队伍沿运河南行，前往张家湾——明代运河北端的重要码头。</p>
<p>全程以平路为主，适合有一定骑行经验的会员。</p>`,
    content_en: `<p>The ride starts at the Randeng Pagoda in Tongzhou, the landmark of the canal's northern end ("the shadow of one pagoda tells you it is Tongzhou"), and follows the canal south to Zhangjiawan, a major port at the northern end of the Ming canal.</p>
<p>The route is mostly flat and suits members with some cycling experience.</p>`,
    place: '北京通州',
    place_en: 'Tongzhou, Beijing',
    cover: `${IMG}/cyclists.svg`,
    from: -40,
    to: -40,
  },
  {
    title: '含嘉仓遗址研学',
    title_en: 'Study visit to the Hanjia Granary site',
    summary: '在洛阳参观含嘉仓160号仓窖遗址与回洛仓遗址，了解隋唐大运河的粮食储运。',
    summary_en: 'In Luoyang, visits to storage pit no. 160 of Hanjia Granary and the Huiluo Granary site to learn how the Sui–Tang canal stored grain.',
    content: `<p>含嘉仓建于隋代，唐代成为国家最重要的粮仓之一，160号仓窖中保存着大量炭化的谷物。研学团还将参观回洛仓遗址，讨论隋唐大运河以洛阳为中心的粮食运输体系。</p>`,
    content_en: `<p>Founded under the Sui, Hanjia became one of the Tang's most important state granaries, and its pit no. 160 still holds a mass of carbonised grain. The group also visits the Huiluo Granary site and discusses how the Sui–Tang canal moved grain to Luoyang.</p>`,
    place: '河南洛阳',
    place_en: 'Luoyang, Henan',
    cover: `${IMG}/granary.svg`,
    from: -44,
    to: -43,
  },
  {
    title: '会员单位年会暨清口枢纽考察',
    title_en: 'Annual meeting of member organisations and visit to the Qingkou hub',
    summary: '年会在淮安举行，会后考察清口枢纽和总督漕运公署遗址。',
    summary_en: 'The annual meeting in Huai\'an, followed by visits to the Qingkou hub and the Governor-General\'s office site.',
    content: `<p>年会在明清漕运总督驻地淮安举行。会后，代表们考察了黄河、淮河与运河交汇处的清口枢纽，以及已经考古发掘展示的总督漕运公署遗址。</p>`,
    content_en: `<p>The meeting took place in Huai'an, seat of the Ming and Qing Governor-General of Grain Transport. Afterwards delegates visited the Qingkou hub, where the Yellow River, the Huai and the canal met, and the excavated site of the Governor-General's office.</p>`,
    place: '江苏淮安',
    place_en: "Huai'an, Jiangsu",
    cover: `${IMG}/willow-dyke.svg`,
    from: -72,
    to: -71,
  },
  {
    title: '绍兴古纤道徒步',
    title_en: 'Walking the ancient towpath of Shaoxing',
    summary: '走在铺设于浙东运河水面上的石板纤道上，体验纤夫当年的行走路线。',
    summary_en: 'A walk on the stone towpath laid across the water of the East Zhejiang Canal, the route the trackers once followed.',
    content: `<p>绍兴古纤道用石板铺设在浙东运河之中，供纤夫拉船行走，绵延数公里。徒步结束后，队伍将前往城内的八字桥——一座建于南宋、形似"八"字的石桥。</p>`,
    content_en: `<p>Shaoxing's ancient towpath is laid with stone slabs in the middle of the East Zhejiang Canal for the trackers who hauled the boats, and runs on for kilometres. After the walk we visit Bazi Bridge in the city, a Southern Song stone bridge shaped like the character 八.</p>`,
    place: '浙江绍兴',
    place_en: 'Shaoxing, Zhejiang',
    cover: `${IMG}/towpath.svg`,
    from: -100,
    to: -100,
  },
  {
    title: '文化和自然遗产日公众讲座',
    title_en: 'Cultural and Natural Heritage Day public lecture',
    summary: '在每年六月第二个星期六的"文化和自然遗产日"，协会举办关于中国大运河的公众讲座。',
    summary_en: 'On Cultural and Natural Heritage Day, the second Saturday of June, the association gives a public lecture on the Grand Canal.',
    content: `<p>"文化和自然遗产日"是每年六月的第二个星期六。讲座介绍了中国大运河的构成——隋唐大运河、京杭大运河和浙东运河，以及2014年6月22日在多哈举行的第38届世界遗产委员会会议上列入《世界遗产名录》的过程。</p>`,
    content_en: `<p>China's Cultural and Natural Heritage Day falls on the second Saturday of June. The lecture explained the parts of the Grand Canal (the Sui–Tang canal, the Beijing–Hangzhou canal and the East Zhejiang Canal) and its inscription on the World Heritage List by the 38th session of the World Heritage Committee in Doha on 22 June 2014.</p>`,
    place: '协会会员单位报告厅',
    place_en: 'Lecture hall of a member institution',
    cover: `${IMG}/heritage.svg`,
    from: -130,
    to: -130,
  },
];

interface TrailSeed {
  canal: string;
  city: string | null;
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  route: string;
  route_en: string;
  length_km: number;
  duration_min: number;
  difficulty: 'easy' | 'moderate' | 'hard';
  cover: string;
  gallery: string[];
}

const TRAILS: TrailSeed[] = [
  {
    canal: '江南运河',
    city: '杭州',
    title: '拱宸桥—富义仓运河步道',
    title_en: 'Gongchen Bridge to Fuyi Granary canal walk',
    summary: '从京杭大运河南端的标志拱宸桥出发，沿河南行至清代粮仓富义仓。',
    summary_en: 'From Gongchen Bridge, emblem of the canal\'s southern end, south along the water to the Qing granary of Fuyi.',
    route: `<p><strong>起点：</strong>拱宸桥（明崇祯四年，1631年）。先走访桥西历史文化街区，这里的老街与运河一同列入《世界遗产名录》。</p>
<p><strong>途中：</strong>沿运河南行，经香积寺一带的滨河步道，河上可见往来的货船与游船。</p>
<p><strong>终点：</strong>富义仓，清代光绪年间建成的粮仓，如今是文化空间。</p>
<p>全程平坦，有多处休息点，适合家庭出行。</p>`,
    route_en: `<p><strong>Start:</strong> Gongchen Bridge (1631, Ming). First explore the Qiaoxi historic quarter, whose old streets are inscribed on the World Heritage List with the canal.</p>
<p><strong>On the way:</strong> follow the canal south on the riverside path past the Xiangji Temple area, with barges and tour boats on the water.</p>
<p><strong>Finish:</strong> Fuyi Granary, built in the Guangxu reign of the Qing, now a cultural venue.</p>
<p>Flat all the way with plenty of places to rest; good for families.</p>`,
    length_km: 4.5,
    duration_min: 90,
    difficulty: 'easy',
    cover: `${IMG}/bridge-three-arch.svg`,
    gallery: [`${IMG}/bridge-three-arch.svg`, `${IMG}/walkers.svg`, `${IMG}/granary.svg`],
  },
  {
    canal: '通惠河',
    city: '北京',
    title: '什刹海—万宁桥—玉河故道',
    title_en: 'Shichahai, Wanning Bridge and the old Yu River',
    summary: '在北京城中追寻元代通惠河的水脉：从什刹海到万宁桥，再沿玉河故道东南行。',
    summary_en: 'Trace the Yuan-dynasty Tonghui River through central Beijing: from Shichahai to the Wanning Bridge and along the old course of the Yu River.',
    route: `<p><strong>起点：</strong>什刹海。元代这里称积水潭，是通惠河漕船的终点码头。</p>
<p><strong>途中：</strong>万宁桥始建于元代，桥下是澄清上闸的所在，桥边可以看到石雕镇水兽。</p>
<p><strong>终点：</strong>沿玉河故道向东南步行，这是当年运河入城的线路。</p>
<p>全程在城市街区中，沿途有许多胡同和老店。</p>`,
    route_en: `<p><strong>Start:</strong> Shichahai. Under the Yuan it was called Jishuitan, the wharf where the Tonghui River's grain boats ended their voyage.</p>
<p><strong>On the way:</strong> the Wanning Bridge dates from the Yuan; the Chengqing Upper Lock stood beneath it, and stone water-guardian beasts sit beside it.</p>
<p><strong>Finish:</strong> walk south-east along the old course of the Yu River, the route the canal took into the city.</p>
<p>The whole walk is in the city, past hutong lanes and old shops.</p>`,
    length_km: 3.5,
    duration_min: 70,
    difficulty: 'easy',
    cover: `${IMG}/lock-gate.svg`,
    gallery: [`${IMG}/lock-gate.svg`, `${IMG}/water-town.svg`],
  },
  {
    canal: '江南运河',
    city: '苏州',
    title: '盘门—宝带桥骑行',
    title_en: 'Panmen Gate to Baodai Bridge by bike',
    summary: '从水陆并列的盘门出发，沿运河骑行至五十三孔的宝带桥。',
    summary_en: 'From Panmen, with its land and water gates side by side, ride along the canal to the 53-arch Baodai Bridge.',
    route: `<p><strong>起点：</strong>盘门，保存完整的水陆并列城门。</p>
<p><strong>途中：</strong>沿古运河向东南骑行，运河边的绿道平坦宽敞。</p>
<p><strong>终点：</strong>宝带桥，横跨澹台湖口的五十三孔纤道石桥。</p>
<p>建议上午出发，避开午后的阳光。</p>`,
    route_en: `<p><strong>Start:</strong> Panmen, a well-preserved city gate with land and water gates side by side.</p>
<p><strong>On the way:</strong> ride south-east along the old canal on a flat, wide greenway.</p>
<p><strong>Finish:</strong> Baodai Bridge, the 53-arch towpath bridge across the mouth of Lake Dantai.</p>
<p>Set off in the morning to avoid the afternoon sun.</p>`,
    length_km: 9,
    duration_min: 60,
    difficulty: 'easy',
    cover: `${IMG}/bridge-long.svg`,
    gallery: [`${IMG}/city-gate.svg`, `${IMG}/bridge-long.svg`, `${IMG}/cyclists.svg`],
  },
  {
    canal: '江南运河',
    city: '苏州',
    title: '七里山塘',
    title_en: 'The seven li of Shantang Street',
    summary: '沿山塘河从阊门走到虎丘，感受"人家尽枕河"的苏州老街。',
    summary_en: 'Walk beside the Shantang canal from Changmen Gate to Tiger Hill through one of Suzhou\'s old streets "pillowed on the river".',
    route: `<p><strong>起点：</strong>阊门。山塘街由此向西北延伸，全长约七里，因此俗称"七里山塘"。</p>
<p><strong>途中：</strong>街道与山塘河并行，沿途有古桥、会馆和老字号商铺。山塘历史文化街区是中国大运河的遗产点之一。</p>
<p><strong>终点：</strong>虎丘。</p>`,
    route_en: `<p><strong>Start:</strong> Changmen Gate. Shantang Street runs north-west from here for about seven li, hence its nickname "the seven li of Shantang".</p>
<p><strong>On the way:</strong> the street runs beside the Shantang canal, past old bridges, guild halls and long-established shops. The Shantang historic quarter is one of the Grand Canal's heritage sites.</p>
<p><strong>Finish:</strong> Tiger Hill.</p>`,
    length_km: 3.6,
    duration_min: 70,
    difficulty: 'easy',
    cover: `${IMG}/water-town.svg`,
    gallery: [`${IMG}/water-town.svg`, `${IMG}/guild-hall.svg`],
  },
  {
    canal: '淮扬运河',
    city: '扬州',
    title: '邵伯古堤',
    title_en: 'The old Shaobo dyke',
    summary: '沿淮扬运河上的邵伯古堤与邵伯码头徒步，两处都是世界遗产点。',
    summary_en: 'Walk the old Shaobo dyke and wharves on the Huaiyang Canal, both World Heritage sites.',
    route: `<p><strong>起点：</strong>邵伯古镇。相传东晋谢安在此筑埭，邵伯由此得名。</p>
<p><strong>途中：</strong>沿古堤北行，可以看到运河船闸和往来的船队。</p>
<p><strong>终点：</strong>邵伯码头。</p>
<p>堤顶路面平整，但没有遮阴，请做好防晒。</p>`,
    route_en: `<p><strong>Start:</strong> the old town of Shaobo, named, legend says, after a dam built here by Xie An of the Eastern Jin.</p>
<p><strong>On the way:</strong> follow the old dyke north, watching the canal locks and the convoys of barges.</p>
<p><strong>Finish:</strong> the Shaobo wharves.</p>
<p>The path on top of the dyke is smooth but has no shade; bring sun protection.</p>`,
    length_km: 5,
    duration_min: 100,
    difficulty: 'easy',
    cover: `${IMG}/willow-dyke.svg`,
    gallery: [`${IMG}/willow-dyke.svg`, `${IMG}/grain-boats.svg`],
  },
  {
    canal: '北运河',
    city: '通州',
    title: '燃灯塔—大运河森林公园',
    title_en: 'Randeng Pagoda to the Grand Canal Forest Park',
    summary: '从运河北端的地标燃灯塔出发，沿北运河走进大运河森林公园。',
    summary_en: 'From the Randeng Pagoda, landmark of the canal\'s northern end, along the North Canal into the Grand Canal Forest Park.',
    route: `<p><strong>起点：</strong>燃灯塔，"一枝塔影认通州"。</p>
<p><strong>途中：</strong>沿北运河右岸南行，河面开阔，可以看到旅游船往来。</p>
<p><strong>终点：</strong>大运河森林公园，园内有多条林荫步道。</p>
<p>路线较长，建议携带午餐。</p>`,
    route_en: `<p><strong>Start:</strong> the Randeng Pagoda ("the shadow of one pagoda tells you it is Tongzhou").</p>
<p><strong>On the way:</strong> head south along the right bank of the broad North Canal, with tour boats passing.</p>
<p><strong>Finish:</strong> the Grand Canal Forest Park, with many shaded paths.</p>
<p>A long walk: bring lunch.</p>`,
    length_km: 10,
    duration_min: 180,
    difficulty: 'moderate',
    cover: `${IMG}/pagoda.svg`,
    gallery: [`${IMG}/pagoda.svg`, `${IMG}/willow-dyke.svg`],
  },
  {
    canal: '中河',
    city: '枣庄台儿庄',
    title: '台儿庄古城月河',
    title_en: 'The Yue River in Taierzhuang old town',
    summary: '环绕台儿庄古城的运河月河段，保留着明清时期的河道、驳岸和码头。',
    summary_en: 'The Yue River stretch of the canal around Taierzhuang old town keeps its Ming and Qing channel, embankments and landings.',
    route: `<p><strong>起点：</strong>台儿庄古城西门。</p>
<p><strong>途中：</strong>沿月河两岸步行，河道、驳岸和码头是中河台儿庄段的组成部分。古城在1938年台儿庄战役中严重损毁，今天的古城在原址重建。</p>
<p><strong>终点：</strong>回到出发点，形成环线。</p>`,
    route_en: `<p><strong>Start:</strong> the west gate of Taierzhuang old town.</p>
<p><strong>On the way:</strong> walk both banks of the Yue River; its channel, embankments and landings belong to the Taierzhuang section of the Zhong Canal. The town was badly destroyed in the 1938 Battle of Taierzhuang and has been rebuilt on its original site.</p>
<p><strong>Finish:</strong> back at the start: a loop.</p>`,
    length_km: 4,
    duration_min: 90,
    difficulty: 'easy',
    cover: `${IMG}/ancient-town.svg`,
    gallery: [`${IMG}/ancient-town.svg`, `${IMG}/water-town.svg`],
  },
  {
    canal: '会通河',
    city: '济宁',
    title: '南旺分水枢纽遗址',
    title_en: 'The Nanwang water-divide site',
    summary: '在京杭大运河地势最高处，沿古河道走访分水口和分水龙王庙遗址。',
    summary_en: 'At the highest point of the Beijing–Hangzhou canal, follow the old channels to the dividing point and the Dragon King Temple site.',
    route: `<p><strong>起点：</strong>小汶河入运河处。明代戴村坝拦截的汶水经小汶河来到这里。</p>
<p><strong>途中：</strong>分水口，汶水在此向南北分流；分水龙王庙遗址。</p>
<p><strong>终点：</strong>沿运河故道回到起点。</p>
<p>遗址区较为开阔，夏季注意防晒。</p>`,
    route_en: `<p><strong>Start:</strong> where the Xiaowen River joins the canal. The Wen water held back by the Ming dam at Daicun arrived here by this channel.</p>
<p><strong>On the way:</strong> the dividing point, where the water split north and south, and the site of the Dragon King Temple.</p>
<p><strong>Finish:</strong> back along the old canal bed.</p>
<p>The site is open ground: take sun protection in summer.</p>`,
    length_km: 6,
    duration_min: 120,
    difficulty: 'moderate',
    cover: `${IMG}/water-divide.svg`,
    gallery: [`${IMG}/water-divide.svg`, `${IMG}/dike.svg`],
  },
  {
    canal: '浙东运河',
    city: '绍兴',
    title: '绍兴古纤道',
    title_en: 'The ancient towpath of Shaoxing',
    summary: '走在浙东运河水面上的石板纤道，体验纤夫的路线。',
    summary_en: 'Walk the stone towpath laid across the water of the East Zhejiang Canal, the trackers\' route.',
    route: `<p><strong>起点：</strong>柯桥一带的古纤道入口。</p>
<p><strong>途中：</strong>纤道用石板铺设在运河之中，一侧是运河，一侧是河湖水面，视野开阔。</p>
<p><strong>终点：</strong>纤道东段出口。</p>
<p>纤道没有护栏，请注意安全，雨天路面湿滑时不宜行走。</p>`,
    route_en: `<p><strong>Start:</strong> the towpath entrance near Keqiao.</p>
<p><strong>On the way:</strong> the path of stone slabs runs through the middle of the canal, with open water on both sides.</p>
<p><strong>Finish:</strong> the eastern end of the towpath.</p>
<p>There are no railings: take care, and do not walk it when the stones are wet.</p>`,
    length_km: 7,
    duration_min: 150,
    difficulty: 'moderate',
    cover: `${IMG}/towpath.svg`,
    gallery: [`${IMG}/towpath.svg`, `${IMG}/water-town.svg`],
  },
  {
    canal: '淮扬运河',
    city: '淮安',
    title: '清江浦—清口枢纽骑行',
    title_en: 'Qingjiangpu to the Qingkou hub by bike',
    summary: '从明代陈瑄开凿的清江浦出发，骑行至黄河、淮河与运河交汇的清口枢纽。',
    summary_en: 'Ride from Qingjiangpu, opened by Chen Xuan in 1415, to the Qingkou hub where the Yellow River, the Huai and the canal met.',
    route: `<p><strong>起点：</strong>清江浦。明永乐十三年（1415年），陈瑄主持开凿清江浦河，清江大闸至今犹存。</p>
<p><strong>途中：</strong>沿里运河西行，河畔绿道连续平坦。</p>
<p><strong>终点：</strong>清口枢纽遗址区，了解"蓄清刷黄"的治水方略。</p>`,
    route_en: `<p><strong>Start:</strong> Qingjiangpu. Chen Xuan dug the Qingjiangpu channel in 1415, and the Qingjiang Great Lock still stands.</p>
<p><strong>On the way:</strong> head west along the Inner Canal on a continuous, flat greenway.</p>
<p><strong>Finish:</strong> the Qingkou hub, where engineers "stored the clear water to scour the yellow".</p>`,
    length_km: 16,
    duration_min: 120,
    difficulty: 'moderate',
    cover: `${IMG}/cyclists.svg`,
    gallery: [`${IMG}/cyclists.svg`, `${IMG}/willow-dyke.svg`],
  },
  {
    canal: '通济渠',
    city: '宿州泗县',
    title: '泗县通济渠古河道',
    title_en: 'The old Tongji Canal at Sixian',
    summary: '沿通济渠泗县段骑行，这段隋唐运河故道至今仍有水流。',
    summary_en: 'Ride along the Sixian section of the Tongji Canal, a stretch of the Sui–Tang canal that still carries water.',
    route: `<p><strong>起点：</strong>泗县县城。</p>
<p><strong>途中：</strong>沿通济渠故道骑行，两岸保留着古堤的形态。这段河道在2014年列入《世界遗产名录》。</p>
<p><strong>终点：</strong>原路返回。</p>
<p>部分路段为乡间道路，建议使用宽胎自行车。</p>`,
    route_en: `<p><strong>Start:</strong> the county town of Sixian.</p>
<p><strong>On the way:</strong> ride beside the old Tongji Canal between the remains of its ancient dykes; this stretch was inscribed on the World Heritage List in 2014.</p>
<p><strong>Finish:</strong> return the same way.</p>
<p>Some stretches are country roads; wide tyres help.</p>`,
    length_km: 20,
    duration_min: 150,
    difficulty: 'moderate',
    cover: `${IMG}/willow-dyke.svg`,
    gallery: [`${IMG}/willow-dyke.svg`, `${IMG}/cyclists.svg`],
  },
  {
    canal: '江南运河',
    city: '嘉兴',
    title: '苏州—嘉兴运河骑行挑战',
    title_en: 'Suzhou to Jiaxing canal ride challenge',
    summary: '一天之内沿江南运河从苏州骑到嘉兴，穿过吴江、平望和王江泾。',
    summary_en: 'In one day, ride the Jiangnan Canal from Suzhou to Jiaxing through Wujiang, Pingwang and Wangjiangjing.',
    route: `<p><strong>起点：</strong>苏州盘门。</p>
<p><strong>途中：</strong>沿江南运河南行，经吴江、平望进入浙江，过王江泾后抵达嘉兴。沿途多为水网平原，河上船队往来不断。</p>
<p><strong>终点：</strong>嘉兴古城。</p>
<p>全天骑行距离较长，适合有经验的骑行者，请做好补给和返程安排。</p>`,
    route_en: `<p><strong>Start:</strong> Panmen Gate, Suzhou.</p>
<p><strong>On the way:</strong> follow the Jiangnan Canal south through Wujiang and Pingwang into Zhejiang and past Wangjiangjing to Jiaxing, across a plain of waterways with barge convoys on the canal.</p>
<p><strong>Finish:</strong> the old town of Jiaxing.</p>
<p>A long day in the saddle for experienced riders: plan food, water and the way back.</p>`,
    length_km: 85,
    duration_min: 420,
    difficulty: 'hard',
    cover: `${IMG}/cyclists.svg`,
    gallery: [`${IMG}/cyclists.svg`, `${IMG}/city-gate.svg`, `${IMG}/lock-gate.svg`],
  },
];

interface MemberSeed {
  kind: string;
  name: string;
  name_en: string;
  location: string;
  location_en: string;
  intro: string;
  intro_en: string;
  website: string;
}

// Generic names by type and place: the demo must not put words in the mouths of real organisations.
const MEMBERS: MemberSeed[] = [
  {
    kind: 'museum',
    name: '运河主题博物馆 · 扬州',
    name_en: 'Canal museum · Yangzhou',
    location: '江苏扬州',
    location_en: 'Yangzhou, Jiangsu',
    intro: '一家以运河历史为主题的博物馆，为协会的讲座和研学活动提供场地与讲解支持。',
    intro_en: 'A museum devoted to canal history that hosts the association\'s lectures and study visits and provides guides.',
    website: '',
  },
  {
    kind: 'university',
    name: '高校运河研究中心 · 杭州',
    name_en: 'University canal research centre · Hangzhou',
    location: '浙江杭州',
    location_en: 'Hangzhou, Zhejiang',
    intro: '一所高校的跨学科研究中心，组织学生参与青年论坛和运河调研。',
    intro_en: 'An interdisciplinary centre at a university that brings students to the youth forum and to field surveys of the canal.',
    website: '',
  },
  {
    kind: 'institute',
    name: '运河水利史研究团队 · 济宁',
    name_en: 'Canal hydraulic history research team · Jining',
    location: '山东济宁',
    location_en: 'Jining, Shandong',
    intro: '专注于会通河与南旺分水枢纽的研究团队，为协会的考察活动提供学术指导。',
    intro_en: 'A research team focused on the Huitong Canal and the Nanwang water-divide hub, advising the association\'s field trips.',
    website: '',
  },
  {
    kind: 'volunteer',
    name: '运河志愿者服务队 · 苏州',
    name_en: 'Canal volunteer team · Suzhou',
    location: '江苏苏州',
    location_en: 'Suzhou, Jiangsu',
    intro: '由市民和学生组成的志愿者队伍，定期开展河岸清洁和遗产点讲解。',
    intro_en: 'Residents and students who clean the canal banks and guide visitors at heritage sites.',
    website: '',
  },
  {
    kind: 'enterprise',
    name: '运河游船运营企业 · 无锡',
    name_en: 'Canal tour-boat operator · Wuxi',
    location: '江苏无锡',
    location_en: 'Wuxi, Jiangsu',
    intro: '在古运河上经营游船的企业，支持协会的水上导览和摄影活动。',
    intro_en: 'A company running tour boats on the old canal, supporting the association\'s boat tours and photography outings.',
    website: '',
  },
  {
    kind: 'association',
    name: '运河非遗传习社 · 常州',
    name_en: 'Canal crafts heritage society · Changzhou',
    location: '江苏常州',
    location_en: 'Changzhou, Jiangsu',
    intro: '传承运河沿线手工艺的民间社团，组织梳篦等传统技艺的体验课。',
    intro_en: 'A community society keeping canal-side crafts alive, running hands-on classes in comb-making and other traditional skills.',
    website: '',
  },
  {
    kind: 'museum',
    name: '运河古镇陈列馆 · 台儿庄',
    name_en: 'Canal town gallery · Taierzhuang',
    location: '山东枣庄',
    location_en: 'Zaozhuang, Shandong',
    intro: '展示运河古镇历史的小型陈列馆，为"运河行走"提供讲解。',
    intro_en: 'A small gallery on the history of the canal town, providing guides for the Canal Walks.',
    website: '',
  },
  {
    kind: 'university',
    name: '历史学院运河课题组 · 开封',
    name_en: 'History faculty canal project · Kaifeng',
    location: '河南开封',
    location_en: 'Kaifeng, Henan',
    intro: '研究通济渠（汴河）与北宋东京城的课题组，参与协会双语读本的编写。',
    intro_en: 'A project studying the Tongji Canal (the Bian River) and the Northern Song capital, contributing to the association\'s bilingual handbook.',
    website: '',
  },
  {
    kind: 'institute',
    name: '运河考古工作站 · 淮北',
    name_en: 'Canal archaeology field station · Huaibei',
    location: '安徽淮北',
    location_en: 'Huaibei, Anhui',
    intro: '关注隋唐运河考古的工作团队，为协会的研学活动介绍考古发现。',
    intro_en: 'A team following the archaeology of the Sui–Tang canal, presenting discoveries on the association\'s study visits.',
    website: '',
  },
  {
    kind: 'volunteer',
    name: '运河号子传承队 · 通州',
    name_en: 'Canal work-song group · Tongzhou',
    location: '北京通州',
    location_en: 'Tongzhou, Beijing',
    intro: '由老船工和青年音乐爱好者组成的志愿团队，记录、演唱运河号子。',
    intro_en: 'Veteran boatmen and young music lovers who record and perform canal work songs.',
    website: '',
  },
];

interface ForumSeed {
  title: string;
  title_en: string;
  speaker: string;
  speaker_en: string;
  summary: string;
  summary_en: string;
  content: string;
  content_en: string;
  cover: string;
  daysAgo: number;
}

// Speakers are fictional young researchers.
const FORUM: ForumSeed[] = [
  {
    title: '从邗沟到通济渠：早期运河的选线',
    title_en: 'From the Han Gou to the Tongji Canal: how early canals were routed',
    speaker: '陈思远 · 历史地理学博士研究生',
    speaker_en: 'Chen Siyuan · PhD student, historical geography',
    summary: '比较邗沟与通济渠的选线，讨论古人如何利用天然湖泊与河道降低工程量。',
    summary_en: 'Compares the routes of the Han Gou and the Tongji Canal and how builders used natural lakes and rivers to save work.',
    content: `<p>公元前486年开凿的邗沟，借助长江与淮河之间的一连串湖泊连通两条大河；605年开凿的通济渠，则利用了谷水、洛水、黄河和汴水。报告认为，两者都体现了"因势利导"的选线思路：尽量利用已有的天然水道，只在关键处开挖。</p>`,
    content_en: `<p>The Han Gou of 486 BC linked the Yangtze and the Huai through a chain of lakes between them; the Tongji Canal of 605 used the Gu and Luo rivers, the Yellow River and the Bian. Both, the talk argues, follow the same principle: use existing natural waterways as far as possible and dig only where needed.</p>`,
    cover: `${IMG}/scroll.svg`,
    daysAgo: 25,
  },
  {
    title: '南旺分水枢纽如何调度水量',
    title_en: 'How the Nanwang hub managed its water',
    speaker: '刘一鸣 · 水利工程专业本科生',
    speaker_en: 'Liu Yiming · undergraduate, hydraulic engineering',
    summary: '从戴村坝、小汶河到南旺分水口，梳理明代会通河的水源与调度方式。',
    summary_en: 'From the Daicun Dam and the Xiaowen River to the Nanwang divide: the water supply and control of the Ming Huitong Canal.',
    content: `<p>1411年宋礼重开会通河时，采纳白英的建议修筑戴村坝，把汶水引至运河地势最高的南旺分流。报告结合船闸和"水柜"（蓄水湖）的分布，分析了这套系统在枯水期和丰水期的不同运作方式。</p>`,
    content_en: `<p>When Song Li reopened the Huitong Canal in 1411, he followed Bai Ying's advice and built the Daicun Dam to send the Wen River to Nanwang, the canal's highest point, where it divided. Drawing on the placement of locks and storage lakes ("water cabinets"), the talk looks at how the system worked in dry and wet seasons.</p>`,
    cover: `${IMG}/water-divide.svg`,
    daysAgo: 25,
  },
  {
    title: '用数字地图重走京杭大运河',
    title_en: 'Retracing the Beijing–Hangzhou canal on a digital map',
    speaker: '郑浩 · 地理信息科学专业研究生',
    speaker_en: 'Zheng Hao · graduate student, geographic information science',
    summary: '介绍协会"云游运河"地图的制作：如何把十个河段和沿线城市画在一张图上。',
    summary_en: 'How the association\'s cloud-tour map was made: drawing ten canal sections and their cities on one map.',
    content: `<p>"云游运河"地图以沿线城市的经纬度为基础，用简化的折线描绘十个河段的走向。报告介绍了资料整理、坐标核对和双语标注的过程，也讨论了如何让地图在手机上同样好用。</p>`,
    content_en: `<p>The cloud-tour map starts from the latitude and longitude of the cities along the canal and draws the ten sections as simplified lines. The talk covers gathering sources, checking coordinates and labelling in two languages, and how to make the map work as well on a phone.</p>`,
    cover: `${IMG}/map.svg`,
    daysAgo: 25,
  },
  {
    title: '运河会馆：聊城山陕会馆的商帮记忆',
    title_en: 'Canal guild halls: merchant memories in the Shanxi–Shaanxi Guild Hall of Liaocheng',
    speaker: '王雨桐 · 建筑学硕士研究生',
    speaker_en: 'Wang Yutong · master\'s student, architecture',
    summary: '以聊城山陕会馆为例，讨论运河商帮如何在沿线城市留下建筑印记。',
    summary_en: 'Using Liaocheng\'s Shanxi–Shaanxi Guild Hall, the talk shows how canal merchant guilds left their mark on the cities.',
    content: `<p>会通河开通后，聊城成为运河沿线的商业码头，山西、陕西商人在此合建山陕会馆。报告分析了会馆的布局与装饰，以及它作为同乡聚会、议事和祭祀场所的功能。</p>`,
    content_en: `<p>After the Huitong Canal opened, Liaocheng became a trading port and merchants from Shanxi and Shaanxi jointly built their guild hall there. The talk examines its layout and decoration and its role as a place for fellow provincials to meet, do business and worship.</p>`,
    cover: `${IMG}/guild-hall.svg`,
    daysAgo: 120,
  },
  {
    title: '隋唐运河的粮仓：含嘉仓、回洛仓与黎阳仓',
    title_en: 'Granaries of the Sui–Tang canal: Hanjia, Huiluo and Liyang',
    speaker: '赵晨 · 考古学硕士研究生',
    speaker_en: 'Zhao Chen · master\'s student, archaeology',
    summary: '比较三座隋唐粮仓的考古发现，讨论运河与国家粮食储备的关系。',
    summary_en: 'Compares archaeological finds at three Sui–Tang granaries and what they say about the canal and the state\'s grain reserves.',
    content: `<p>洛阳的含嘉仓和回洛仓、浚县的黎阳仓都是隋代的国家粮仓，分别位于通济渠与永济渠沿线。三者都在2014年随中国大运河列入《世界遗产名录》。报告比较了它们的选址、仓窖形制和考古发现。</p>`,
    content_en: `<p>Hanjia and Huiluo at Luoyang and Liyang in Xun County were all Sui state granaries, on the Tongji and Yongji canals. All three were inscribed on the World Heritage List with the Grand Canal in 2014. The talk compares their sites, storage pits and finds.</p>`,
    cover: `${IMG}/granary.svg`,
    daysAgo: 120,
  },
  {
    title: '社区如何参与世界遗产保护',
    title_en: 'How communities can take part in protecting World Heritage',
    speaker: '孙悦 · 社会学硕士研究生',
    speaker_en: 'Sun Yue · master\'s student, sociology',
    summary: '基于运河沿线老街的访谈，讨论居民在遗产保护中的角色。',
    summary_en: 'Drawing on interviews in old streets along the canal, the talk discusses residents\' role in heritage protection.',
    content: `<p>大运河是一处"活着的"线性遗产，许多遗产点就在居民的日常生活之中。报告基于协会志愿者在运河老街的访谈，讨论居民如何参与遗产的记录、维护和讲解。</p>`,
    content_en: `<p>The Grand Canal is a living, linear heritage property, and many of its sites are part of people's daily lives. Based on interviews by association volunteers in old canal-side streets, the talk discusses how residents can help record, maintain and explain their heritage.</p>`,
    cover: `${IMG}/volunteers.svg`,
    daysAgo: 120,
  },
  {
    title: '运河号子的记录与再创作',
    title_en: 'Recording and re-creating canal work songs',
    speaker: '周楠 · 音乐学硕士研究生',
    speaker_en: 'Zhou Nan · master\'s student, musicology',
    summary: '从田野录音到舞台演出，讨论运河号子在今天的传承方式。',
    summary_en: 'From field recordings to the stage: how canal work songs can be passed on today.',
    content: `<p>运河号子是船工在拉纤、摇橹、起锚时一领众和唱出的劳动之歌。机动船普及后，号子失去了原来的劳动场景。报告介绍了对老船工的录音整理，以及与青年音乐人合作的再创作尝试。</p>`,
    content_en: `<p>Canal work songs were call-and-response chants sung while hauling, sculling and raising anchor. Once motor boats took over, they lost the work they went with. The talk presents recordings of veteran boatmen and experiments in re-creating the songs with young musicians.</p>`,
    cover: `${IMG}/boat-song.svg`,
    daysAgo: 210,
  },
  {
    title: '一条运河的味道：淮扬菜与盐商',
    title_en: 'The taste of a canal: Huaiyang cuisine and the salt merchants',
    speaker: '吴佳 · 旅游管理专业本科生',
    speaker_en: 'Wu Jia · undergraduate, tourism management',
    summary: '从扬州盐商的宴饮到今天的城市美食，讨论饮食文化如何讲述运河故事。',
    summary_en: 'From the banquets of Yangzhou\'s salt merchants to today\'s city food: telling the canal\'s story through cuisine.',
    content: `<p>淮扬菜是中国四大菜系之一，以扬州、淮安为中心。明清时期，两淮盐商聚集扬州，漕运总督驻扎淮安，运河带来的人流与财富滋养了这一菜系。报告探讨了如何在研学和旅游中用饮食讲述运河历史。</p>`,
    content_en: `<p>Huaiyang cuisine, one of China's four great culinary traditions, centres on Yangzhou and Huai'an. Under the Ming and Qing the Lianghuai salt merchants gathered in Yangzhou and the Governor-General of Grain Transport sat in Huai'an, and the people and wealth the canal brought nourished the cuisine. The talk explores telling canal history through food in study tours and tourism.</p>`,
    cover: `${IMG}/cuisine.svg`,
    daysAgo: 210,
  },
  {
    title: '江南的桥：宝带桥、拱宸桥与八字桥',
    title_en: 'Bridges of the south: Baodai, Gongchen and Bazi',
    speaker: '何静 · 城乡规划专业硕士研究生',
    speaker_en: 'He Jing · master\'s student, urban and rural planning',
    summary: '比较三座运河古桥的结构与功能：纤道桥、城市地标与街巷交通节点。',
    summary_en: 'Compares three old canal bridges: a towpath bridge, a city landmark and a street junction.',
    content: `<p>苏州宝带桥是五十三孔的纤道桥，杭州拱宸桥（1631年）是三孔石拱桥和运河南端的标志，绍兴八字桥建于南宋，解决了几条河道与街巷交汇处的通行问题。报告从结构和功能出发，讨论运河桥梁与城市生活的关系。</p>`,
    content_en: `<p>Baodai Bridge in Suzhou is a 53-arch towpath bridge; Gongchen Bridge in Hangzhou (1631) is a three-arched stone bridge and the emblem of the canal's southern end; Bazi Bridge in Shaoxing, from the Southern Song, solved a crossing where several channels and lanes meet. Starting from structure and function, the talk considers how canal bridges shape city life.</p>`,
    cover: `${IMG}/bridge-long.svg`,
    daysAgo: 210,
  },
];

async function idByName(knex: Knex, table: string, name: string): Promise<number> {
  const row = (await knex(table).where({ name }).first('id')) as { id: number } | undefined;
  if (!row) throw new Error(`seed: no ${table} named ${name}`);
  return Number(row.id);
}

export async function seed({ knex, config }: SeedContext): Promise<void> {
  if (!config.seedDemo) return;
  const now = Math.floor(Date.now() / 1000);
  const stamps = { create_time: now, update_time: now, status: '1' };

  for (const { from, to, ...activity } of ACTIVITIES) {
    const start = at(now, from, 9);
    const end = at(now, to, 17);
    const stage = end < now ? 'ended' : start <= now ? 'ongoing' : 'upcoming';
    await knex('brand_activity').insert({ ...activity, start_time: start, end_time: end, activity_status: stage, weigh: 0, ...stamps });
  }

  for (const [index, { canal, city, gallery, ...trail }] of TRAILS.entries()) {
    await knex('trail').insert({
      ...trail,
      canal_id: await idByName(knex, 'canal', canal),
      city_id: city ? await idByName(knex, 'canal_city', city) : null,
      gallery: gallery.join(','),
      weigh: TRAILS.length - index,
      ...stamps,
    });
  }

  for (const [index, member] of MEMBERS.entries()) {
    await knex('org_member').insert({ ...member, logo: `${IMG}/logo-${member.kind}.svg`, weigh: MEMBERS.length - index, ...stamps });
  }

  for (const { daysAgo, ...item } of FORUM) {
    await knex('forum_item').insert({ ...item, event_date: at(now, -daysAgo, 14), weigh: 0, ...stamps });
  }
}
