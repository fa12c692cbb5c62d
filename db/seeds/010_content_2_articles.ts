import type { Knex } from 'knex';
import type { SeedContext } from '../../src/server/seed.ts';

/**
 * News and culture articles with their categories. Categories are structure and always seeded; the articles
 * are demo content (SEED_DEMO). The news is the association's own (fictional events), but every fact about
 * the canal in it is true. One news item stays a draft, to show drafts never reach the public site.
 */

interface CategorySeed {
  key: string;
  name: string;
  name_en: string;
}

interface ArticleSeed {
  category: string;
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  content: string;
  content_en: string;
  cover: string;
  /** Published this many days before the seed ran. */
  daysAgo: number;
  draft?: boolean;
}

const IMG = '/images/content';
const DAY = 86400;

const NEWS_CATEGORIES: CategorySeed[] = [
  { key: 'association', name: '协会动态', name_en: 'Association news' },
  { key: 'heritage', name: '遗产保护', name_en: 'Heritage protection' },
  { key: 'canal', name: '运河沿线', name_en: 'Along the canal' },
];

const CULTURE_CATEGORIES: CategorySeed[] = [
  { key: 'history', name: '运河历史', name_en: 'History' },
  { key: 'sites', name: '遗产点', name_en: 'Heritage sites' },
  { key: 'customs', name: '风物与技艺', name_en: 'Crafts and customs' },
  { key: 'people', name: '运河人物', name_en: 'People' },
];

const NEWS: ArticleSeed[] = [
  {
    category: 'association',
    title: '协会举办大运河申遗纪念讲座',
    title_en: 'Association lecture marks the Grand Canal\'s World Heritage inscription',
    summary: '讲座回顾了2014年6月22日中国大运河在多哈第38届世界遗产委员会会议上列入《世界遗产名录》的历程。',
    summary_en: 'The lecture looked back on 22 June 2014, when the 38th session of the World Heritage Committee in Doha inscribed the Grand Canal on the World Heritage List.',
    content: `<p>协会在会员单位的报告厅举办大运河申遗纪念讲座，两百余位市民到场聆听。主讲人回顾了中国大运河的申遗之路：2014年6月22日，在卡塔尔多哈举行的第38届世界遗产委员会会议上，中国大运河被列入《世界遗产名录》。</p>
<p>讲座介绍了遗产的构成：隋唐大运河、京杭大运河和浙东运河三部分，共27段河道和58处遗产点，分布在北京、天津、河北、山东、河南、安徽、江苏、浙江8个省级行政区。</p>
<p>协会将把讲座内容整理成双语讲义，供会员和中小学教师使用。</p>`,
    content_en: `<p>The association held a lecture on the Grand Canal's World Heritage inscription in the hall of one of its member institutions, attended by more than two hundred people. The speaker retraced the nomination: on 22 June 2014 the 38th session of the World Heritage Committee, meeting in Doha, Qatar, inscribed China's Grand Canal on the World Heritage List.</p>
<p>The talk explained what the property is made of: the Sui–Tang Grand Canal, the Beijing–Hangzhou Grand Canal and the East Zhejiang Canal, with 27 canal sections and 58 heritage sites in eight provincial-level regions: Beijing, Tianjin, Hebei, Shandong, Henan, Anhui, Jiangsu and Zhejiang.</p>
<p>The association will turn the lecture into bilingual notes for members and school teachers.</p>`,
    cover: `${IMG}/heritage.svg`,
    daysAgo: 3,
  },
  {
    category: 'canal',
    title: '回顾：京杭大运河实现近百年来首次全线水流贯通',
    title_en: 'Looking back: water flows the whole length of the Beijing–Hangzhou canal for the first time in a century',
    summary: '2022年4月，随着补水行动推进，京杭大运河实现了近一百年来的首次全线水流贯通。',
    summary_en: 'In April 2022 a water-replenishment campaign let water flow along the entire Beijing–Hangzhou canal for the first time in nearly a hundred years.',
    content: `<p>2022年春，水利部组织实施京杭大运河全线贯通补水行动，通过南水北调东线工程、引黄工程和沿线水库等多种水源，向黄河以北的河段补水。同年4月，京杭大运河实现了近一百年来的首次全线水流贯通。</p>
<p>黄河以北的运河河段曾长期断流，这次贯通让北运河、南运河、卫运河等河段重新有了流水。对运河沿线的生态修复和遗产保护来说，这是一个重要的节点。</p>
<p>协会会员在沧州、德州等地记录了通水前后的河道变化，相关照片将在协会的摄影展中展出。</p>`,
    content_en: `<p>In spring 2022 the Ministry of Water Resources ran a campaign to send water along the whole Beijing–Hangzhou canal, drawing on the eastern route of the South-to-North Water Diversion Project, Yellow River diversions and reservoirs along the way to refill the stretches north of the Yellow River. That April, water flowed the full length of the canal for the first time in nearly a hundred years.</p>
<p>The canal north of the Yellow River had long run dry; now the North Canal, the South Canal, the Wei Canal and other stretches carried water again, a milestone for ecological restoration and heritage protection along the canal.</p>
<p>Members of the association photographed the channel at Cangzhou, Dezhou and elsewhere before and after the water arrived; their pictures will appear in the association's photo exhibition.</p>`,
    cover: `${IMG}/map.svg`,
    daysAgo: 9,
  },
  {
    category: 'association',
    title: '"运河行走·扬州站"圆满结束：百名会员徒步邵伯古堤',
    title_en: '"Canal Walk: Yangzhou" — a hundred members walk the old Shaobo dyke',
    summary: '会员们沿邵伯古堤和邵伯码头行走，了解淮扬运河上这组世界遗产点的历史。',
    summary_en: 'Members walked the old Shaobo dyke and wharves and learnt the history of these World Heritage sites on the Huaiyang Canal.',
    content: `<p>本期"运河行走"来到扬州市江都区的邵伯镇。一百余名会员沿着邵伯古堤徒步，途经古码头和运河船闸，讲解员介绍了淮扬运河的历史。</p>
<p>相传东晋名臣谢安在此筑埭，百姓感念他的恩德，把他比作周代贤臣召伯，"邵伯"由此得名。邵伯古堤与邵伯码头在2014年作为中国大运河的遗产点列入《世界遗产名录》。</p>
<p>下一期"运河行走"将前往杭州，从拱宸桥出发。</p>`,
    content_en: `<p>This edition of the Canal Walk came to Shaobo in Jiangdu District, Yangzhou. More than a hundred members walked the old Shaobo dyke past the historic wharves and the canal locks while a guide told the story of the Huaiyang Canal.</p>
<p>Legend says that the Eastern Jin statesman Xie An built a dam here, and grateful locals compared him to Duke Shao, a wise minister of the Zhou: hence the name Shaobo. The old Shaobo dyke and wharves were inscribed on the World Heritage List in 2014 as sites of the Grand Canal.</p>
<p>The next Canal Walk goes to Hangzhou, starting from Gongchen Bridge.</p>`,
    cover: `${IMG}/walkers.svg`,
    daysAgo: 16,
  },
  {
    category: 'heritage',
    title: '大运河国家文化公园建设：协会志愿者参与沿线社区调研',
    title_en: 'Grand Canal National Cultural Park: association volunteers join community surveys',
    summary: '协会组织志愿者走访运河沿线的老街和村落，记录居民对运河保护与利用的意见。',
    summary_en: 'Volunteers visited old streets and villages along the canal to record what residents think about protecting and using it.',
    content: `<p>2019年，中共中央办公厅、国务院办公厅印发《长城、大运河、长征国家文化公园建设方案》，大运河国家文化公园建设由此启动。</p>
<p>为了让沿线居民的声音进入保护工作，协会组织志愿者分组走访运河边的老街和村落，记录居民对河道环境、老建筑修缮和游客管理的意见，并整理成调研报告提交给合作单位。</p>
<p>调研还将继续进行，欢迎会员报名参加。</p>`,
    content_en: `<p>In 2019 the General Offices of the Communist Party's Central Committee and of the State Council issued the plan for building the Great Wall, Grand Canal and Long March national cultural parks, launching the Grand Canal National Cultural Park.</p>
<p>So that people living along the canal are heard, the association sent teams of volunteers to old streets and villages by the water to record residents' views on the river environment, the repair of old buildings and the management of visitors, and compiled a report for partner institutions.</p>
<p>The surveys continue; members are welcome to sign up.</p>`,
    cover: `${IMG}/volunteers.svg`,
    daysAgo: 23,
  },
  {
    category: 'association',
    title: '青年论坛征稿启事：运河遗产与社区',
    title_en: 'Youth forum call for papers: canal heritage and communities',
    summary: '青年论坛面向高校学生和青年学者征集论文、调查报告与创意作品。',
    summary_en: 'The youth forum invites papers, field reports and creative work from students and young researchers.',
    content: `<p>本届青年论坛的主题是"运河遗产与社区"。我们欢迎围绕运河沿线的古镇、码头、会馆、非物质文化遗产和社区生活展开的研究，也欢迎地图、影像、设计等形式的作品。</p>
<p>入选作者将在论坛上发表报告，优秀作品将在协会网站双语刊出。</p>`,
    content_en: `<p>This year's youth forum takes "canal heritage and communities" as its theme. We welcome research on towns, wharves, guild halls, intangible heritage and community life along the canal, as well as maps, films, designs and other creative work.</p>
<p>Selected authors will present at the forum, and the best work will be published on the association's website in both languages.</p>`,
    cover: `${IMG}/talk.svg`,
    daysAgo: 30,
  },
  {
    category: 'canal',
    title: '回顾：北运河京冀段实现旅游通航',
    title_en: 'Looking back: the Beijing–Hebei stretch of the North Canal opens to tourist boats',
    summary: '2022年6月，北运河北京通州至河北香河段约62公里实现旅游通航，游船可以跨省往来。',
    summary_en: 'In June 2022 about 62 km of the North Canal from Tongzhou in Beijing to Xianghe in Hebei opened to tourist boats, which can now cross the provincial line.',
    content: `<p>2022年6月，北运河京冀段约62公里河道实现旅游通航，游船可以从北京通州驶入河北香河。这是北运河恢复通航的重要一步。</p>
<p>北运河大体沿古潞河（白河）河道，明清时期是漕船进京的最后一程。如今沿岸建成了滨水公园和步道，协会"最美步道"中的通州段正在这一带。</p>`,
    content_en: `<p>In June 2022 about 62 km of the North Canal between Beijing and Hebei opened to tourist navigation, letting boats sail from Tongzhou in Beijing into Xianghe in Hebei: an important step in bringing the North Canal back into use.</p>
<p>The North Canal largely follows the old Lu (Bai) River and was the last leg of the grain boats' voyage to the capital under the Ming and Qing. Today its banks are lined with waterside parks and paths, including the Tongzhou trail on the association's list of most beautiful trails.</p>`,
    cover: `${IMG}/grain-boats.svg`,
    daysAgo: 37,
  },
  {
    category: 'heritage',
    title: '走进含嘉仓：协会研学团探访隋唐粮仓遗址',
    title_en: 'Inside Hanjia Granary: an association study tour visits the Sui–Tang granary site',
    summary: '研学团在洛阳参观了含嘉仓160号仓窖遗址，了解隋唐大运河的粮食储运体系。',
    summary_en: 'In Luoyang the study group visited storage pit no. 160 of Hanjia Granary and learnt how the Sui–Tang canal stored and moved grain.',
    content: `<p>协会研学团来到河南洛阳，参观含嘉仓160号仓窖遗址。含嘉仓建于隋代，唐代是国家最重要的粮仓之一；1971年起的考古发掘探明了数百座仓窖，160号仓窖中还保存着大量炭化的谷物。</p>
<p>队员们还参观了回洛仓遗址，讨论了通济渠、永济渠如何以洛阳为中心，把各地的粮食运往都城。</p>`,
    content_en: `<p>An association study group went to Luoyang in Henan to see storage pit no. 160 of Hanjia Granary. Founded under the Sui, Hanjia was one of the most important state granaries of the Tang; excavations from 1971 onwards located hundreds of pits, and pit no. 160 still holds a great mass of carbonised grain.</p>
<p>The group also visited the Huiluo Granary site and discussed how the Tongji and Yongji canals, centred on Luoyang, brought grain from across the empire to the capital.</p>`,
    cover: `${IMG}/granary.svg`,
    daysAgo: 44,
  },
  {
    category: 'association',
    title: '协会发布双语《运河城市手册》',
    title_en: 'Association publishes a bilingual handbook of canal cities',
    summary: '手册按河段介绍运河沿线城市的历史、遗产点和步行路线，中英文对照。',
    summary_en: 'Section by section, the handbook presents the history, heritage sites and walking routes of cities along the canal, in Chinese and English.',
    content: `<p>协会编写的双语《运河城市手册》正式发布。手册按通惠河、北运河、南运河、会通河、中河、淮扬运河、江南运河、浙东运河以及通济渠、卫河（永济渠）十个河段编排，介绍沿线城市的历史、遗产点和步行路线。</p>
<p>手册的内容也同步收录在本网站的"探索运河"栏目中，读者可以在"云游运河"地图上点击城市阅读。</p>`,
    content_en: `<p>The association's bilingual handbook of canal cities is out. It follows the ten sections of the canal (the Tonghui River, the North, South, Huitong and Zhong canals, the Huaiyang, Jiangnan and East Zhejiang canals, the Tongji Canal and the Wei River (Yongji Canal)) and presents the history, heritage sites and walking routes of the cities along them.</p>
<p>The same material is on this website under "Explore the canal", and readers can open each city from the cloud-tour map.</p>`,
    cover: `${IMG}/books.svg`,
    daysAgo: 51,
  },
  {
    category: 'heritage',
    title: '南旺分水枢纽考察笔记',
    title_en: 'Field notes from the Nanwang water-diversion hub',
    summary: '会员考察了京杭大运河地势最高处的南旺分水枢纽，以及为它供水的戴村坝。',
    summary_en: 'Members visited the Nanwang hub at the highest point of the Beijing–Hangzhou canal and the Daicun Dam that fed it.',
    content: `<p>南旺位于山东济宁汶上县，是京杭大运河地势最高的地方。明永乐九年（1411年），工部尚书宋礼重开会通河，采纳汶上老人白英的建议，在东平戴村筑坝拦截汶水，引至南旺后向南北分流。</p>
<p>考察队从戴村坝出发，沿小汶河来到南旺分水口，参观了分水龙王庙遗址。大家感叹，这套依靠地形、坝、闸和蓄水湖协同运作的系统，在没有动力机械的年代保障了数百年的漕运。</p>`,
    content_en: `<p>Nanwang, in Wenshang County of Jining, Shandong, is the highest point of the Beijing–Hangzhou canal. In 1411 the Minister of Works Song Li reopened the Huitong Canal on the advice of Bai Ying, an old man of Wenshang: a dam at Daicun in Dongping held back the Wen River and sent its water to Nanwang, where it divided north and south.</p>
<p>Our group set out from the Daicun Dam, followed the Xiaowen River to the dividing point at Nanwang and visited the site of the Dragon King Temple there. Everyone marvelled that a system of terrain, dams, locks and storage lakes, with no powered machinery, kept grain moving for centuries.</p>`,
    cover: `${IMG}/water-divide.svg`,
    daysAgo: 58,
  },
  {
    category: 'canal',
    title: '苏州：志愿者清洁宝带桥周边河岸',
    title_en: 'Suzhou: volunteers clean the banks around Baodai Bridge',
    summary: '协会志愿者服务队在宝带桥一带清理河岸垃圾，并向游客介绍这座五十三孔古桥。',
    summary_en: 'The association\'s volunteer team cleared litter from the banks near Baodai Bridge and told visitors about the 53-arch bridge.',
    content: `<p>协会苏州志愿者服务队在宝带桥一带开展河岸清洁活动，清理了桥两侧步道和水边的垃圾。</p>
<p>宝带桥横跨澹台湖口，是江南运河纤道上的多孔石桥，共五十三孔。相传唐代刺史王仲舒捐出玉带助建，桥因此得名；现存桥体为明代重建，其后多次修缮。2014年，宝带桥作为中国大运河的遗产点列入《世界遗产名录》。</p>`,
    content_en: `<p>The association's Suzhou volunteer team held a clean-up around Baodai Bridge, clearing litter from the paths and the water's edge on both sides.</p>
<p>Baodai Bridge crosses the mouth of Lake Dantai on the towpath of the Jiangnan Canal and has 53 arches. Legend says the Tang prefect Wang Zhongshu gave his jade belt to pay for it, hence its name, "precious belt"; the present bridge was rebuilt in the Ming and repaired many times since. It was inscribed on the World Heritage List in 2014 as a site of the Grand Canal.</p>`,
    cover: `${IMG}/bridge-long.svg`,
    daysAgo: 65,
  },
  {
    category: 'association',
    title: '会员单位年会在淮安召开',
    title_en: 'Annual meeting of member organisations held in Huai\'an',
    summary: '年会在明清漕运总督驻地淮安举行，会员单位交流了一年来的保护与传播工作。',
    summary_en: 'Held in Huai\'an, once seat of the Governor-General of Grain Transport, the meeting shared a year of protection and outreach work.',
    content: `<p>协会会员单位年会在江苏淮安召开。明清两代，漕运总督驻扎淮安，统管全国漕运；城西的清口枢纽是黄河、淮河与运河交汇处的水利工程。</p>
<p>与会代表参观了总督漕运公署遗址，交流了博物馆展览、高校研究和志愿服务的经验，并讨论了下一年度的工作计划。</p>`,
    content_en: `<p>The annual meeting of the association's member organisations took place in Huai'an, Jiangsu. Under the Ming and Qing the Governor-General of Grain Transport was based here and ran the empire's grain shipments, and the Qingkou hub west of the city managed the meeting of the Yellow River, the Huai and the canal.</p>
<p>Delegates visited the excavated site of the Governor-General's office, shared experience from museum exhibitions, university research and volunteering, and discussed next year's plans.</p>`,
    cover: `${IMG}/willow-dyke.svg`,
    daysAgo: 72,
  },
  {
    category: 'heritage',
    title: '申遗十年：从"点"到"线"的运河保护',
    title_en: 'Ten years on the List: protecting the canal as a line, not just as points',
    summary: '2024年是中国大运河列入《世界遗产名录》十周年，协会整理了十年来的保护经验。',
    summary_en: '2024 marked ten years since the Grand Canal\'s inscription; the association looks back at a decade of protection work.',
    content: `<p>2024年是中国大运河列入《世界遗产名录》十周年。与单体的古建筑不同，大运河是一处"线性"文化遗产，跨越8个省级行政区，遗产区内既有河道，也有闸坝、桥梁、仓储、衙署和历史街区。</p>
<p>协会认为，运河保护需要沿线城市之间的协作，也需要居民的参与。我们将继续支持沿线的记录、研究和志愿服务工作。</p>`,
    content_en: `<p>2024 marked ten years since China's Grand Canal was inscribed on the World Heritage List. Unlike a single historic building, the canal is a linear heritage property crossing eight provincial-level regions; it includes channels as well as locks and dams, bridges, granaries, government offices and historic quarters.</p>
<p>The association believes the canal can only be protected through cooperation between the cities along it and the involvement of the people who live there, and will keep supporting documentation, research and volunteering along its length.</p>`,
    cover: `${IMG}/heritage.svg`,
    daysAgo: 79,
  },
  {
    category: 'canal',
    title: '杭州拱宸桥畔"桥与水"摄影展开幕',
    title_en: '"Bridges and Water" photo exhibition opens by Gongchen Bridge in Hangzhou',
    summary: '摄影展展出会员拍摄的运河古桥作品，从通州到宁波，记录运河上的桥梁。',
    summary_en: 'Members\' photographs of old canal bridges, from Tongzhou to Ningbo.',
    content: `<p>"桥与水"运河摄影展在杭州拱宸桥畔开幕，展出会员拍摄的百余幅作品，主题是运河上的古桥。</p>
<p>展览的起点是拱宸桥：这座三孔石拱桥建于明崇祯四年（1631年），被视为京杭大运河南端的标志。展品还包括苏州宝带桥、塘栖广济桥和绍兴八字桥等。</p>`,
    content_en: `<p>The "Bridges and Water" canal photo exhibition opened beside Gongchen Bridge in Hangzhou, with more than a hundred members' photographs of old bridges on the canal.</p>
<p>It starts with Gongchen Bridge itself, a three-arched stone bridge built in 1631 under the Ming and the emblem of the southern end of the Beijing–Hangzhou canal, and goes on to Baodai Bridge in Suzhou, Guangji Bridge at Tangqi and Bazi Bridge in Shaoxing, among others.</p>`,
    cover: `${IMG}/camera.svg`,
    daysAgo: 12,
  },
  {
    category: 'association',
    title: '新一年度会员招募开启',
    title_en: 'Membership open for the new year',
    summary: '欢迎关心运河的个人和机构加入协会，参与活动、申报最美步道并接收协会消息。',
    summary_en: 'Individuals and organisations who care about the canal are welcome to join, take part in activities, propose trails and receive our news.',
    content: `<p>协会新一年度的会员招募开始了。个人会员注册后即可报名参加"运河行走"等活动、在线申报最美运河步道，并在会员中心接收协会消息。</p>
<p>博物馆、高校、研究机构、志愿者组织和企业可以申请成为组织成员，与协会共同开展运河保护与传播工作。</p>`,
    content_en: `<p>Membership for the new year is open. Once registered, individual members can sign up for the Canal Walks and other activities, propose trails for our list of most beautiful trails and receive the association's messages in the member centre.</p>
<p>Museums, universities, research institutes, volunteer groups and companies can apply to become organisation members and work with us on protecting and sharing the canal.</p>`,
    cover: `${IMG}/default.svg`,
    daysAgo: 86,
  },
  {
    category: 'association',
    title: '协会年度工作报告（待审定）',
    title_en: 'Annual report of the association (awaiting approval)',
    summary: '年度工作报告草稿，审定后发布。',
    summary_en: 'Draft of the annual report, to be published once approved.',
    content: '<p>草稿。</p>',
    content_en: '<p>Draft.</p>',
    cover: `${IMG}/books.svg`,
    daysAgo: 1,
    draft: true,
  },
];

const CULTURE: ArticleSeed[] = [
  {
    category: 'history',
    title: '邗沟：中国大运河的开端',
    title_en: 'The Han Gou: where the Grand Canal began',
    summary: '公元前486年，吴王夫差开凿邗沟，沟通长江与淮河，揭开了中国大运河两千五百年的历史。',
    summary_en: 'In 486 BC King Fuchai of Wu dug the Han Gou between the Yangtze and the Huai, opening two and a half millennia of Grand Canal history.',
    content: `<p>《左传·哀公九年》记载："秋，吴城邗，沟通江、淮。"这一年是公元前486年。吴王夫差为了北上与齐国争霸，在长江北岸筑邗城，又开凿邗沟，引长江水向北，经过一连串湖泊进入淮河。</p>
<p>邗沟是有明确纪年的最早的运河之一，它的南端邗城发展为后来的扬州。此后历代不断整治这条水道：隋代开山阳渎、重开邗沟，使它成为隋唐大运河的一部分；明清时期，它被称为里运河或淮扬运河，是漕船必经的咽喉。</p>
<p>2014年中国大运河列入《世界遗产名录》时，淮扬运河的多处河段和遗产点位列其中。</p>`,
    content_en: `<p>The <em>Zuo Zhuan</em>, under the ninth year of Duke Ai, records: "In autumn, Wu walled Han and cut a channel linking the Yangtze and the Huai." The year was 486 BC. To push north against the state of Qi, King Fuchai of Wu built the town of Han on the north bank of the Yangtze and dug the Han Gou, leading Yangtze water north through a chain of lakes into the Huai River.</p>
<p>The Han Gou is one of the earliest canals with a firm date, and the town of Han grew into Yangzhou. Later dynasties kept improving the waterway: the Sui opened the Shanyang Channel and re-dug the Han Gou, making it part of the Sui–Tang canal, and under the Ming and Qing, as the Inner Canal or Huaiyang Canal, it was a throat every grain boat had to pass.</p>
<p>When the Grand Canal was inscribed on the World Heritage List in 2014, several stretches and sites of the Huaiyang Canal were among its components.</p>`,
    cover: `${IMG}/scroll.svg`,
    daysAgo: 5,
  },
  {
    category: 'history',
    title: '隋炀帝与隋唐大运河',
    title_en: 'Emperor Yang of Sui and the Sui–Tang Grand Canal',
    summary: '605年至610年间，隋朝以洛阳为中心开通济渠、永济渠和江南河，形成了贯通南北的运河网。',
    summary_en: 'Between 605 and 610 the Sui, centred on Luoyang, dug the Tongji and Yongji canals and the Jiangnan Canal, creating a network that joined north and south.',
    content: `<p>隋炀帝即位后营建东都洛阳，并在短短几年间开凿了一系列运河：大业元年（605年）开通济渠，自洛阳经汴水通淮河，同年重开邗沟；大业四年（608年）开永济渠，南引沁水通黄河，北达涿郡；大业六年（610年）开江南河，自京口至余杭。</p>
<p>这些河道以洛阳为中心，向东南通达余杭，向东北通达涿郡，形成了全长两千多公里的隋唐大运河。它把经济日益繁荣的江南与政治中心所在的北方连接起来，此后数百年间一直是国家的交通命脉。</p>
<p>隋朝的工程征发了大量民力，隋朝本身也很快灭亡；但运河留了下来，唐宋两代正是依靠它输送江淮的粮食和物资。</p>`,
    content_en: `<p>Emperor Yang of Sui built the Eastern Capital at Luoyang and within a few years dug a series of canals: in 605 the Tongji Canal, from Luoyang through the Bian to the Huai, re-digging the Han Gou the same year; in 608 the Yongji Canal, from the Qin River and the Yellow River north to Zhuojun; and in 610 the Jiangnan Canal, from Jingkou to Yuhang.</p>
<p>Centred on Luoyang, these waterways reached Yuhang in the south-east and Zhuojun in the north-east, forming a Sui–Tang Grand Canal more than two thousand kilometres long. It tied the increasingly prosperous south to the political centre in the north and remained the empire's main artery for centuries.</p>
<p>The Sui works cost an enormous amount of forced labour, and the dynasty itself soon fell; but the canal remained, and the Tang and Song relied on it to carry the grain and goods of the Yangtze and Huai lands.</p>`,
    cover: `${IMG}/grain-boats.svg`,
    daysAgo: 11,
  },
  {
    category: 'people',
    title: '郭守敬与通惠河',
    title_en: 'Guo Shoujing and the Tonghui River',
    summary: '元代科学家郭守敬既主持编订了《授时历》，也设计了把漕船引进大都城的通惠河。',
    summary_en: 'The Yuan scientist Guo Shoujing helped compile the Shoushi calendar and designed the Tonghui River that brought grain boats into Dadu.',
    content: `<p>郭守敬（1231—1316年）是元代著名的天文学家、数学家和水利学家，曾参与编订《授时历》，也长期主持全国的水利工作。</p>
<p>元朝定都大都后，漕粮运到通州还需陆运进城。郭守敬勘察了大都周围的地形和水源，提出从昌平白浮泉引水，沿西山山麓汇聚诸泉注入瓮山泊，再引入城内的积水潭，并东出通州接北运河。工程于1292年动工，1293年完工，元世祖赐名"通惠河"。</p>
<p>为了让漕船克服地势落差，河上修建了多座船闸。今天北京万宁桥下的澄清上闸遗址，就是这套船闸系统的遗存。</p>`,
    content_en: `<p>Guo Shoujing (1231–1316) was a celebrated astronomer, mathematician and hydraulic engineer of the Yuan. He helped compile the Shoushi ("season-granting") calendar and for many years directed the empire's water works.</p>
<p>After the Yuan settled in Dadu, grain shipped to Tongzhou still had to go overland into the city. Guo surveyed the land and water sources around the capital and proposed leading water from the Baifu Spring in Changping along the foot of the Western Hills, gathering springs into Wengshan Lake, then into Jishuitan in the city and out east to meet the North Canal at Tongzhou. Work began in 1292 and ended in 1293, and Kublai Khan named it the Tonghui River.</p>
<p>A series of locks let the boats climb the slope; the remains of the Chengqing Upper Lock under the Wanning Bridge in Beijing belong to that system.</p>`,
    cover: `${IMG}/lock-gate.svg`,
    daysAgo: 17,
  },
  {
    category: 'history',
    title: '漕运：粮食北上的千年之路',
    title_en: 'Grain transport: a thousand years of shipping grain north',
    summary: '从隋唐到明清，国家依靠运河把江南的粮食运往北方都城，明代每年的漕粮定额约为四百万石。',
    summary_en: 'From the Sui and Tang to the Ming and Qing the state shipped southern grain up the canal to its northern capitals; the Ming quota was about four million dan a year.',
    content: `<p>漕运，是指古代国家通过水路把征收的粮食运往都城和军事要地。隋唐以后，经济重心逐渐南移，政治中心却在北方，运河便成为维系国家运转的生命线。</p>
<p>明代漕运制度成熟，每年北运的漕粮定额约为四百万石。漕运总督驻扎淮安，统管全国漕运；德州、临清、徐州、淮安设有大型的水次仓，用于转运和储存。成千上万的漕船和船工沿运河往返，也带动了沿线城镇的商业繁荣。</p>
<p>1855年，黄河在河南铜瓦厢决口改道，向北夺大清河入海，切断了山东境内的运河。此后随着海运和铁路的兴起，延续千余年的漕运在二十世纪初停止。</p>`,
    content_en: `<p>Grain transport (<em>caoyun</em>) was the state's shipment of tax grain by water to the capital and to military posts. From the Sui and Tang the economic centre of gravity moved south while the political centre stayed in the north, and the canal became the lifeline that kept the state running.</p>
<p>The system matured under the Ming, when the yearly quota of grain shipped north was about four million dan. The Governor-General of Grain Transport, based at Huai'an, ran it all, and large transfer granaries at Dezhou, Linqing, Xuzhou and Huai'an stored and passed the grain on. Thousands of grain boats and their crews travelled the canal, and the towns along it prospered with them.</p>
<p>In 1855 the Yellow River broke its banks at Tongwaxiang in Henan and shifted north into the bed of the Daqing River, cutting the canal in Shandong. With the rise of sea shipping and railways, grain transport, which had lasted more than a thousand years, came to an end in the early twentieth century.</p>`,
    cover: `${IMG}/grain-boats.svg`,
    daysAgo: 24,
  },
  {
    category: 'people',
    title: '宋礼与白英：南旺分水的智慧',
    title_en: 'Song Li and Bai Ying: the genius of the Nanwang water divide',
    summary: '明代工部尚书宋礼采纳汶上老人白英的方案，在南旺让运河翻越了全线最高处。',
    summary_en: 'The Ming Minister of Works Song Li took the plan of Bai Ying, an old man of Wenshang, and carried the canal over its highest point at Nanwang.',
    content: `<p>元代开通的会通河一带地势中间高、两头低，水源不足，漕船时常搁浅。明永乐九年（1411年），工部尚书宋礼奉命重开会通河。</p>
<p>宋礼采纳了熟悉当地水情的汶上老人白英的建议：在东平戴村修筑拦河坝，把汶水全部引入小汶河，送到运河地势最高的南旺，再向南北分流。沿线还设置了船闸控制水位，并以南旺湖等湖泊作为蓄水的"水柜"。</p>
<p>南旺分水枢纽保障了此后数百年的漕运，被视为中国古代水利工程的杰作。今天，南旺分水龙王庙遗址和戴村坝都是大运河的重要遗存。</p>`,
    content_en: `<p>The Huitong Canal opened by the Yuan ran over ground that was high in the middle and low at both ends; it lacked water and boats often ran aground. In 1411 the Minister of Works Song Li was ordered to reopen it.</p>
<p>Song Li took the advice of Bai Ying, an old man of Wenshang who knew the local waters: a dam across the Wen River at Daicun in Dongping turned its flow into the Xiaowen River and sent it to Nanwang, the highest point of the canal, where it divided north and south. Locks along the way held the water level, and lakes such as Nanwang Lake served as storage "water cabinets".</p>
<p>The Nanwang hub kept grain moving for centuries and is counted a masterpiece of ancient Chinese hydraulic engineering. The site of the Dragon King Temple at Nanwang and the Daicun Dam are among the canal's most important remains.</p>`,
    cover: `${IMG}/water-divide.svg`,
    daysAgo: 31,
  },
  {
    category: 'history',
    title: '康熙与乾隆的南巡',
    title_en: 'The southern tours of the Kangxi and Qianlong emperors',
    summary: '康熙、乾隆两位皇帝各六次南巡，大多沿运河南下，视察河工与漕运。',
    summary_en: 'The Kangxi and Qianlong emperors each made six southern tours, mostly along the canal, inspecting river works and grain transport.',
    content: `<p>清代的康熙皇帝和乾隆皇帝各有六次南巡。康熙南巡在1684年至1707年之间，乾隆南巡在1751年至1784年之间。他们大多沿运河南下，途经山东、江苏，远至杭州。</p>
<p>视察黄河、淮河与运河的治理是南巡的重要目的。沿途的清口枢纽、洪泽湖大堤等水利工程都是皇帝关注的重点。南巡也在运河沿线留下了许多行宫和碑刻，宿迁皂河的龙王庙行宫、扬州的天宁寺行宫都与乾隆南巡有关。</p>`,
    content_en: `<p>The Qing emperors Kangxi and Qianlong each made six southern tours: Kangxi between 1684 and 1707, Qianlong between 1751 and 1784. Most of the way they travelled along the canal, through Shandong and Jiangsu as far as Hangzhou.</p>
<p>Inspecting the management of the Yellow River, the Huai and the canal was a main purpose of the tours, and works such as the Qingkou hub and the Hongze Lake dyke were high on the emperors' lists. The tours also left travelling palaces and inscribed steles along the canal: the Dragon King Temple Palace at Zaohe in Suqian and the Tianning Temple palace in Yangzhou are both linked to Qianlong's journeys.</p>`,
    cover: `${IMG}/palace.svg`,
    daysAgo: 38,
  },
  {
    category: 'customs',
    title: '运河号子：船工的劳动之歌',
    title_en: 'Canal work songs: the chants of the boatmen',
    summary: '拉纤、摇橹、起锚时，船工们一领众和唱起号子，用节奏协调力量，也排遣旅途的辛劳。',
    summary_en: 'Hauling, sculling or raising anchor, boatmen sang call-and-response chants to pull together and lighten the journey.',
    content: `<p>运河号子是船工在劳动中唱出的歌。拉纤、摇橹、撑篙、起锚、闯闸，不同的劳动有不同的号子：领唱者起头，众人应和，节奏随劳动的轻重缓急而变化。</p>
<p>号子的首要作用是统一节奏、协调用力，在逆水行船或过闸时尤其重要；它也是船工排遣旅途辛劳的方式，歌词里常有沿途的地名和风物。北京通州的运河船工号子等已被列入非物质文化遗产保护名录。</p>
<p>随着机动船取代人力船，号子失去了原来的用途。今天，一些老船工和文化工作者正在记录、整理这些号子，让它们以新的方式传唱下去。</p>`,
    content_en: `<p>Canal work songs (<em>haozi</em>) are chants boatmen sang as they worked. Hauling, sculling, poling, raising anchor or forcing a boat through a lock, each task had its own: a leader called and the crew answered, the rhythm changing with the weight and pace of the work.</p>
<p>Above all the songs kept everyone pulling together, vital when sailing upstream or through a lock; they also eased the toil of the journey, and their words often name the places and sights along the way. The boatmen's songs of Tongzhou in Beijing and others have been listed for protection as intangible cultural heritage.</p>
<p>When motor boats replaced human power, the songs lost their purpose. Today some old boatmen and cultural workers are recording them so they can be sung in new ways.</p>`,
    cover: `${IMG}/boat-song.svg`,
    daysAgo: 45,
  },
  {
    category: 'customs',
    title: '淮扬菜：运河与盐商滋养的味道',
    title_en: 'Huaiyang cuisine: flavours nurtured by the canal and the salt merchants',
    summary: '淮扬菜以扬州、淮安为中心，是中国四大菜系之一，它的兴盛离不开运河与两淮盐商。',
    summary_en: 'Centred on Yangzhou and Huai\'an, Huaiyang is one of China\'s four great cuisines, and it grew rich on the canal and the Lianghuai salt merchants.',
    content: `<p>淮扬菜是中国四大菜系之一，以扬州、淮安为中心。这两座城市都是运河上的重镇：淮安是漕运总督驻地，扬州是两淮盐商的聚集地。往来的官员、商人和发达的城市生活，让淮扬菜讲究刀工、注重本味，口味清淡平和。</p>
<p>清炖蟹粉狮子头、大煮干丝、文思豆腐和扬州炒饭，都是广为人知的淮扬菜。1949年的"开国第一宴"就以淮扬菜为主。</p>`,
    content_en: `<p>Huaiyang cuisine, one of China's four great culinary traditions, is centred on Yangzhou and Huai'an, two great towns of the canal: Huai'an was the seat of the Governor-General of Grain Transport, and Yangzhou was home to the Lianghuai salt merchants. The officials and merchants who passed through and the rich city life made Huaiyang cooking famous for knife work, for bringing out the natural taste of ingredients and for its gentle, balanced flavours.</p>
<p>Braised lion's-head meatballs with crab, simmered shredded tofu, Wensi tofu soup and Yangzhou fried rice are among its best-known dishes. The state banquet held in 1949 to found the People's Republic was mainly Huaiyang cuisine.</p>`,
    cover: `${IMG}/cuisine.svg`,
    daysAgo: 52,
  },
  {
    category: 'customs',
    title: '苏绣：运河边的针线艺术',
    title_en: 'Suzhou embroidery: needlework by the canal',
    summary: '苏绣是中国四大名绣之一，以精细雅洁著称，明清时期随运河行销南北。',
    summary_en: 'One of China\'s four famous embroidery traditions, known for fine, elegant work, Suzhou embroidery travelled the canal north and south under the Ming and Qing.',
    content: `<p>苏绣与湘绣、粤绣、蜀绣并称中国四大名绣。它以针法精细、色彩雅洁著称，双面绣是苏绣的代表技艺：一幅绣品的正反两面都能呈现完整的图案。</p>
<p>明清时期，苏州是全国的丝织业中心，苏绣等丝织品经运河运往北方，也成为宫廷的用品。2006年，苏绣列入第一批国家级非物质文化遗产名录。苏州高新区的镇湖街道至今仍有众多绣娘从事刺绣，被称为"刺绣之乡"。</p>`,
    content_en: `<p>Suzhou embroidery is ranked with Hunan, Guangdong and Sichuan embroidery as one of China's four famous traditions. It is known for its fine stitching and elegant colours, and its signature is double-sided embroidery, where a complete picture appears on both faces of the work.</p>
<p>Under the Ming and Qing, Suzhou was the centre of China's silk industry; its embroidery and silks went north by canal and were used at court. In 2006 Suzhou embroidery was placed on the first national list of intangible cultural heritage. In Zhenhu, in Suzhou's New District, many embroiderers still work today, and the town calls itself the home of embroidery.</p>`,
    cover: `${IMG}/embroidery.svg`,
    daysAgo: 59,
  },
  {
    category: 'sites',
    title: '拱宸桥：京杭大运河南端的标志',
    title_en: 'Gongchen Bridge: emblem of the canal\'s southern end',
    summary: '建于明崇祯四年（1631年）的三孔石拱桥，是杭州段运河最醒目的地标。',
    summary_en: 'A three-arched stone bridge built in 1631 under the Ming, the most striking landmark of the canal in Hangzhou.',
    content: `<p>拱宸桥位于杭州城北，横跨京杭大运河，建于明崇祯四年（1631年），是一座三孔薄墩联拱石桥。"宸"指帝王的居所，"拱宸"有拱手迎接帝王之意。</p>
<p>古时从北方沿运河南下的船只，望见拱宸桥就知道杭州到了，它因此被视为京杭大运河南端的标志。桥在清代多次修缮。2014年，拱宸桥作为中国大运河的遗产点列入《世界遗产名录》，桥西的历史街区也一同列入。</p>`,
    content_en: `<p>Gongchen Bridge crosses the Beijing–Hangzhou canal in the north of Hangzhou. Built in 1631 under the Ming, it is a stone bridge of three arches on slender piers. <em>Chen</em> means the emperor's residence, and <em>gongchen</em> suggests bowing in welcome to the emperor.</p>
<p>Boats coming south on the canal knew they had reached Hangzhou when they saw the bridge, so it became the emblem of the canal's southern end. It was repaired several times under the Qing. In 2014 Gongchen Bridge was inscribed on the World Heritage List as a site of the Grand Canal, together with the historic quarter west of it.</p>`,
    cover: `${IMG}/bridge-three-arch.svg`,
    daysAgo: 66,
  },
  {
    category: 'sites',
    title: '宝带桥：五十三孔的纤道长桥',
    title_en: 'Baodai Bridge: the 53-arch towpath bridge',
    summary: '苏州宝带桥横跨澹台湖口，是运河纤道上的多孔石桥，传说因唐代刺史捐出玉带助建而得名。',
    summary_en: 'Suzhou\'s Baodai Bridge spans the mouth of Lake Dantai on the canal towpath; legend says a Tang prefect gave his jade belt to build it.',
    content: `<p>宝带桥位于苏州城东南，横跨澹台湖与运河相接的湖口。它是纤道的一部分：船只在运河中航行，纤夫在桥上拉纤，因此桥身低平而狭长，共有五十三孔。</p>
<p>相传唐代苏州刺史王仲舒为筹集建桥经费，捐出了自己的玉带，桥因此得名"宝带"。现存的桥为明代重建，其后多次修缮。2014年，宝带桥作为中国大运河的遗产点列入《世界遗产名录》。</p>`,
    content_en: `<p>Baodai Bridge, south-east of Suzhou, crosses the mouth where Lake Dantai meets the canal. It was part of the towpath: the boats sailed in the canal while trackers hauled them from the bridge, so the bridge is low, long and narrow, with 53 arches.</p>
<p>Legend says the Tang prefect of Suzhou, Wang Zhongshu, gave his own jade belt to raise money for it, and so it is called Baodai, "precious belt". The present bridge was rebuilt in the Ming and repaired many times since. In 2014 it was inscribed on the World Heritage List as a site of the Grand Canal.</p>`,
    cover: `${IMG}/bridge-long.svg`,
    daysAgo: 73,
  },
  {
    category: 'sites',
    title: '含嘉仓：埋在地下的隋唐粮仓',
    title_en: 'Hanjia Granary: the buried granary of the Sui and Tang',
    summary: '洛阳含嘉仓始建于隋代，1971年起的考古发掘探明了数百座仓窖，160号仓窖中保存着炭化的谷物。',
    summary_en: 'Founded under the Sui, Hanjia Granary in Luoyang was excavated from 1971: hundreds of pits were found, and pit no. 160 still held carbonised grain.',
    content: `<p>含嘉仓位于隋唐洛阳城内，始建于隋代，唐代成为国家最重要的粮仓之一。经通济渠、永济渠运来的粮食，大量储存在这里。</p>
<p>1971年起，考古工作者对含嘉仓进行了勘探和发掘，探明了数百座仓窖。这些仓窖是挖在地下的大型圆形土窖，窖壁经过防潮处理。其中160号仓窖内还保存着大量已经炭化的谷物，让人直观地看到一千多年前的粮食储存。</p>
<p>2014年，含嘉仓160号仓窖遗址作为中国大运河的遗产点列入《世界遗产名录》。</p>`,
    content_en: `<p>Hanjia Granary lay inside the Sui–Tang city of Luoyang. Founded under the Sui, it became one of the most important state granaries of the Tang, storing much of the grain brought in by the Tongji and Yongji canals.</p>
<p>From 1971 archaeologists surveyed and excavated it and located hundreds of storage pits: large round pits dug into the ground, their walls treated against damp. Pit no. 160 still held a great mass of carbonised grain, a direct glimpse of how grain was stored over a thousand years ago.</p>
<p>In 2014 storage pit no. 160 of Hanjia Granary was inscribed on the World Heritage List as a site of the Grand Canal.</p>`,
    cover: `${IMG}/granary.svg`,
    daysAgo: 80,
  },
];

async function insertCategories(knex: Knex, table: string, categories: CategorySeed[], now: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [index, { key, ...category }] of categories.entries()) {
    const [inserted] = await knex(table)
      .insert({ ...category, weigh: categories.length - index, status: '1', create_time: now, update_time: now })
      .returning('id');
    ids.set(key, typeof inserted === 'object' ? (inserted as { id: number }).id : (inserted as number));
  }
  return ids;
}

async function insertArticles(knex: Knex, table: string, articles: ArticleSeed[], categories: Map<string, number>, now: number): Promise<void> {
  for (const { category, daysAgo, draft, ...article } of articles) {
    const time = now - daysAgo * DAY;
    await knex(table).insert({
      ...article,
      category_id: categories.get(category),
      publish_time: time,
      weigh: 0,
      status: draft ? '0' : '1',
      create_time: time,
      update_time: time,
    });
  }
}

export async function seed({ knex, config }: SeedContext): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const newsCategories = await insertCategories(knex, 'news_category', NEWS_CATEGORIES, now);
  const cultureCategories = await insertCategories(knex, 'culture_category', CULTURE_CATEGORIES, now);
  if (!config.seedDemo) return;
  await insertArticles(knex, 'news', NEWS, newsCategories, now);
  await insertArticles(knex, 'culture_article', CULTURE, cultureCategories, now);
}
