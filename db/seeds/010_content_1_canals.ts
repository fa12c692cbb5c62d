import type { SeedContext } from '../../src/server/seed.ts';

/**
 * The ten sections of China's Grand Canal inscribed on the World Heritage List (38th session, Doha,
 * 22 June 2014) and cities along them. Reference facts, seeded on every new database (not only with demo
 * content): the cloud tour and the section pages need them. Coordinates are approximate (city centre or the
 * canal site the stop is about); each section's `course` is a simplified line through real places.
 */

interface CitySeed {
  name: string;
  name_en: string;
  lat: number;
  lng: number;
  cover: string;
  summary: string;
  summary_en: string;
  intro: string;
  intro_en: string;
  heritage: string;
  heritage_en: string;
}

interface CanalSeed {
  name: string;
  name_en: string;
  era: string;
  era_en: string;
  length_km: number | null;
  provinces: string;
  provinces_en: string;
  cover: string;
  summary: string;
  summary_en: string;
  intro: string;
  intro_en: string;
  heritage: string;
  heritage_en: string;
  course: string;
  cities: CitySeed[];
}

const IMG = '/images/content';

const CANALS: CanalSeed[] = [
  {
    name: '通惠河',
    name_en: 'Tonghui River',
    era: '元代（1292—1293年开凿）',
    era_en: 'Yuan dynasty (dug 1292–1293)',
    length_km: 82,
    provinces: '北京',
    provinces_en: 'Beijing',
    cover: `${IMG}/lock-gate.svg`,
    summary: '元代郭守敬主持开凿的京杭大运河最北段，把漕船从通州直接引进大都城内的积水潭。',
    summary_en: 'The northernmost stretch of the Beijing–Hangzhou canal, engineered by Guo Shoujing under the Yuan, which brought grain boats from Tongzhou right into Jishuitan inside the capital Dadu.',
    intro: `<p>元朝定都大都（今北京）后，漕粮经运河运抵通州，再由陆路转运入城，耗费巨大。至元二十九年（1292年），都水监郭守敬主持开凿新河：自昌平白浮泉引水，沿西山山麓汇集诸泉，注入瓮山泊（今颐和园昆明湖），再经高梁河进入大都城内的积水潭，向东南出城至通州，与北运河相接。</p>
<p>工程于至元三十年（1293年）完工。元世祖忽必烈见积水潭上漕船云集，赐名"通惠河"。为克服地势落差，河上设置了多座船闸，漕船逐级上行入城。</p>
<p>今天，什刹海一带仍保留着元代运河的水脉，万宁桥下的澄清上闸遗址清晰可见。2014年，通惠河北京旧城段和通州段作为中国大运河的组成部分列入《世界遗产名录》。</p>`,
    intro_en: `<p>When the Yuan made Dadu (today's Beijing) their capital, tax grain came up the canal to Tongzhou and then had to be hauled overland into the city at great cost. In 1292 the hydraulic engineer Guo Shoujing began a new channel: water was led from the Baifu Spring in Changping along the foot of the Western Hills, gathering other springs, into Wengshan Lake (today's Kunming Lake at the Summer Palace), then through the Gaoliang River into Jishuitan inside the city, and out again south-east to Tongzhou, where it met the North Canal.</p>
<p>The work was finished in 1293. Seeing the lake crowded with grain boats, Kublai Khan named the new waterway Tonghui, "bringing benefit through connection". A series of locks lifted the boats step by step into the city.</p>
<p>The lakes of Shichahai still follow the Yuan waterway, and the remains of the Chengqing Upper Lock can be seen under the Wanning Bridge. In 2014 the Beijing old-city and Tongzhou sections of the Tonghui River were inscribed on the World Heritage List as part of the Grand Canal.</p>`,
    heritage: '通惠河北京旧城段\n通惠河通州段\n澄清上闸（万宁桥）\n什刹海\n玉河故道',
    heritage_en: 'Tonghui River, Beijing old-city section\nTonghui River, Tongzhou section\nChengqing Upper Lock (Wanning Bridge)\nShichahai lakes\nOld course of the Yu River',
    course: '40.22,116.24; 40.00,116.27; 39.95,116.36; 39.94,116.39; 39.90,116.44; 39.90,116.53; 39.91,116.66',
    cities: [
      {
        name: '北京',
        name_en: 'Beijing',
        lat: 39.94,
        lng: 116.39,
        cover: `${IMG}/lock-gate.svg`,
        summary: '元大都时，通惠河把漕船引进城内的积水潭，今天的什刹海仍留存着那时的水脉。',
        summary_en: 'In Yuan Dadu the Tonghui River brought grain boats into Jishuitan inside the walls; the lakes of Shichahai still keep that waterway.',
        intro: '元代定都大都后，郭守敬开通惠河，漕船可以直接驶入城内的积水潭，这里一度船只云集，是大都最繁华的码头。明代以后，城内河道逐渐改变，漕船停泊在城东和通州，积水潭一带演变为今天的什刹海。\n万宁桥始建于元代，桥下便是澄清上闸的所在，桥边至今还能看到石雕镇水兽。沿着玉河故道向东南，仍能辨认当年运河入城的线路。',
        intro_en: 'After the Yuan made Dadu their capital, Guo Shoujing opened the Tonghui River and grain boats could sail straight into Jishuitan inside the city, which became the busiest wharf of the capital. From the Ming onwards the waterways inside the city changed, the boats moored in the east of the city and at Tongzhou, and the Jishuitan area became today\'s Shichahai lakes.\nThe Wanning Bridge dates from the Yuan; the Chengqing Upper Lock stood beneath it, and the stone water-guardian beasts beside it are still there. Following the old course of the Yu River south-east, you can still trace the route the canal took into the city.',
        heritage: '什刹海\n澄清上闸（万宁桥）\n玉河故道',
        heritage_en: 'Shichahai lakes\nChengqing Upper Lock (Wanning Bridge)\nOld course of the Yu River',
      },
    ],
  },
  {
    name: '北运河',
    name_en: 'North Canal',
    era: '沿用古潞河（白河），元明清为漕运要道',
    era_en: 'Follows the old Lu (Bai) River; a main grain route under the Yuan, Ming and Qing',
    length_km: null,
    provinces: '北京、河北、天津',
    provinces_en: 'Beijing, Hebei, Tianjin',
    cover: `${IMG}/pagoda.svg`,
    summary: '从通州向南至天津三岔河口，沿古潞河（白河）行船，是漕粮进京的最后一程。',
    summary_en: 'From Tongzhou south to the Sanchakou confluence in Tianjin along the old Lu (Bai) River: the last leg of the grain convoys\' journey to the capital.',
    intro: `<p>北运河大体沿古代的潞河（白河）河道，北起北京通州，向南经河北香河、天津武清，至天津三岔河口与南运河、海河交汇。</p>
<p>明清时期，南方的漕船经北运河抵达通州，漕粮在此卸船入仓，再转运京城。通州燃灯塔矗立在运河北端，有"一枝塔影认通州"之说。</p>
<p>天津的兴起与运河密不可分。三岔河口一带是南北漕船汇聚之地，民间有"先有三岔口，后有天津卫"的说法。2014年，北运河天津三岔口段作为中国大运河的组成部分列入《世界遗产名录》。</p>`,
    intro_en: `<p>The North Canal largely follows the old course of the Lu (Bai) River. It starts at Tongzhou in Beijing and runs south through Xianghe in Hebei and Wuqing in Tianjin to the Sanchakou confluence in Tianjin, where it meets the South Canal and the Hai River.</p>
<p>Under the Ming and Qing, grain boats from the south came up the North Canal to Tongzhou, where the grain was unloaded into granaries and carried on to the capital. The Randeng Pagoda stands at the northern end of the canal; an old line says boatmen knew they had reached Tongzhou by "the shadow of one pagoda".</p>
<p>Tianjin grew up with the canal. Sanchakou was where grain fleets from north and south gathered, and locals still say "first came Sanchakou, then the garrison of Tianjin". In 2014 the Sanchakou section of the North Canal in Tianjin was inscribed on the World Heritage List as part of the Grand Canal.</p>`,
    heritage: '北运河天津三岔口段\n燃灯塔（通州）\n张家湾古镇（明代漕运码头）',
    heritage_en: 'North Canal, Sanchakou section in Tianjin\nRandeng Pagoda (Tongzhou)\nZhangjiawan (a Ming grain-transport port)',
    course: '39.91,116.66; 39.76,117.00; 39.38,117.04; 39.23,117.14; 39.15,117.18',
    cities: [
      {
        name: '通州',
        name_en: 'Tongzhou',
        lat: 39.91,
        lng: 116.66,
        cover: `${IMG}/pagoda.svg`,
        summary: '京杭大运河的北端，明清漕粮在这里卸船入仓，燃灯塔是运河北端的地标。',
        summary_en: 'The northern end of the Beijing–Hangzhou canal, where Ming and Qing tax grain was unloaded; the Randeng Pagoda is its landmark.',
        intro: '通州位于北京东部，北运河与通惠河在此相接。明清时期，每年从江南北运的漕粮大多在通州卸船，存入粮仓，再转运京城。东南的张家湾是明代运河北端的重要码头。\n燃灯塔矗立在通州城北的运河岸边，是运河北端最醒目的地标，有"一枝塔影认通州"之说。如今通州是北京城市副中心所在地，运河两岸建成了大运河森林公园等滨水空间。',
        intro_en: 'Tongzhou lies in the east of Beijing, where the North Canal meets the Tonghui River. Under the Ming and Qing most of the grain shipped north each year from the Yangtze delta was unloaded here, stored in granaries and then carried on to the capital. Zhangjiawan, to the south-east, was a major port at the northern end of the Ming canal.\nThe Randeng Pagoda rises by the canal in the north of the old town, the most visible landmark of the canal\'s northern end ("the shadow of one pagoda tells you it is Tongzhou"). Today Tongzhou is Beijing\'s sub-centre, and the banks have become waterside parks such as the Grand Canal Forest Park.',
        heritage: '燃灯塔\n通惠河通州段\n张家湾古镇',
        heritage_en: 'Randeng Pagoda\nTonghui River, Tongzhou section\nZhangjiawan old town',
      },
      {
        name: '天津',
        name_en: 'Tianjin',
        lat: 39.15,
        lng: 117.18,
        cover: `${IMG}/harbour.svg`,
        summary: '北运河、南运河与海河在三岔河口交汇，天津因河而兴。',
        summary_en: 'The North and South Canals meet the Hai River at Sanchakou: Tianjin grew up where the waters join.',
        intro: '天津的城市起源与运河密切相关。三岔河口是北运河、南运河与海河的交汇处，元代以后南北漕船在此转运。明永乐二年（1404年）在此设卫筑城，得名"天津卫"，民间流传着"先有三岔口，后有天津卫"的说法。\n运河带来了南北货物，也带来了妈祖信仰和杨柳青年画等文化。天后宫就在三岔河口附近，是当年船工祈求平安的地方；西郊的杨柳青古镇坐落在南运河畔。',
        intro_en: 'Tianjin owes its beginnings to the canal. Sanchakou is where the North Canal, the South Canal and the Hai River meet, and from the Yuan onwards grain fleets transferred their loads here. In 1404 the Ming set up a garrison with a walled town and named it Tianjin Wei; people still say "first came Sanchakou, then the garrison of Tianjin".\nThe canal brought goods from north and south, and with them the worship of Mazu and the art of Yangliuqing New Year prints. The Temple of the Heavenly Queen stands near Sanchakou, where boatmen prayed for a safe voyage; the old town of Yangliuqing lies on the South Canal west of the city.',
        heritage: '北运河天津三岔口段\n天后宫\n杨柳青古镇',
        heritage_en: 'North Canal, Sanchakou section\nTemple of the Heavenly Queen (Tianhou Gong)\nYangliuqing old town',
      },
    ],
  },
  {
    name: '南运河',
    name_en: 'South Canal',
    era: '多沿隋代永济渠与卫河故道，元明清为漕运干线',
    era_en: 'Largely on the course of the Sui Yongji canal and the Wei River; a trunk grain route under the Yuan, Ming and Qing',
    length_km: null,
    provinces: '天津、河北、山东',
    provinces_en: 'Tianjin, Hebei, Shandong',
    cover: `${IMG}/dike.svg`,
    summary: '自天津三岔河口向南，经沧州、德州至山东临清，大部分河段利用了隋代永济渠的河道。',
    summary_en: 'From Sanchakou in Tianjin south through Cangzhou and Dezhou to Linqing in Shandong, mostly along the bed of the Sui-dynasty Yongji canal.',
    intro: `<p>南运河北起天津三岔河口，向南经静海、青县、沧州、泊头、东光、吴桥，过德州，至山东临清与会通河相接，大部分河段利用了隋代永济渠和卫河的河道。</p>
<p>这一段运河弯道众多，古人有"三弯抵一闸"的说法：以弯曲的河道减缓水流，代替船闸调节水位。沿岸险工段多用夯土筑堤，东光县连镇的谢家坝以糯米浆掺灰土夯筑，历经百余年洪水仍然坚固。</p>
<p>2014年，南运河沧州—衡水—德州段、连镇谢家坝和华家口夯土险工作为中国大运河的组成部分列入《世界遗产名录》。</p>`,
    intro_en: `<p>The South Canal begins at Sanchakou in Tianjin and runs south through Jinghai, Qingxian, Cangzhou, Botou, Dongguang and Wuqiao, past Dezhou, to Linqing in Shandong, where it meets the Huitong Canal. Most of it uses the beds of the Sui-dynasty Yongji canal and the Wei River.</p>
<p>It winds a great deal, and an old saying holds that "three bends are worth one lock": the meanders slow the current and hold the water level where otherwise locks would be needed. Dangerous banks were protected with rammed-earth dykes; the Xiejia Dam at Lianzhen in Dongguang County was rammed from lime and earth mixed with sticky-rice paste and has withstood floods for more than a century.</p>
<p>In 2014 the Cangzhou–Hengshui–Dezhou section of the South Canal, the Xiejia Dam at Lianzhen and the Huajiakou rammed-earth embankment were inscribed on the World Heritage List as part of the Grand Canal.</p>`,
    heritage: '南运河沧州—衡水—德州段\n连镇谢家坝\n华家口夯土险工',
    heritage_en: 'South Canal, Cangzhou–Hengshui–Dezhou section\nXiejia Dam at Lianzhen\nHuajiakou rammed-earth embankment',
    course: '39.15,117.18; 38.94,116.92; 38.58,116.81; 38.30,116.84; 38.07,116.57; 37.89,116.54; 37.63,116.39; 37.45,116.30; 37.21,116.07; 36.84,115.71',
    cities: [
      {
        name: '沧州',
        name_en: 'Cangzhou',
        lat: 38.3,
        lng: 116.84,
        cover: `${IMG}/dike.svg`,
        summary: '南运河穿城而过，河道弯曲多变，东光县连镇谢家坝是世界遗产的组成部分。',
        summary_en: 'The South Canal winds through the city; the Xiejia Dam at Lianzhen in Dongguang County is part of the World Heritage property.',
        intro: '南运河在沧州境内蜿蜒而行，古人利用弯道减缓水流，有"三弯抵一闸"之说。沧州自古民风尚武，有"武术之乡"之称。\n东光县连镇的谢家坝是一段用糯米浆掺灰土夯筑的堤坝，守护运河险段百余年。沧县旧州镇的沧州铁狮子铸于后周广顺三年（953年），是著名的大型铸铁文物。',
        intro_en: 'The South Canal meanders through Cangzhou, where the bends were used to slow the current ("three bends are worth one lock"). Cangzhou has long been known for its martial arts and calls itself a home of wushu.\nThe Xiejia Dam at Lianzhen in Dongguang County is an embankment rammed from lime and earth mixed with sticky-rice paste, guarding a dangerous stretch of the canal for more than a century. The Iron Lion of Cangzhou in Jiuzhou town, Cang County, was cast in 953 under the Later Zhou and is a famous piece of large iron casting.',
        heritage: '南运河沧州段\n连镇谢家坝\n沧州铁狮子',
        heritage_en: 'South Canal, Cangzhou section\nXiejia Dam at Lianzhen\nIron Lion of Cangzhou',
      },
      {
        name: '德州',
        name_en: 'Dezhou',
        lat: 37.45,
        lng: 116.3,
        cover: `${IMG}/grain-boats.svg`,
        summary: '鲁北运河重镇，华家口夯土险工与苏禄王墓见证着运河上的往来。',
        summary_en: 'A canal town of northern Shandong: the Huajiakou embankment and the tomb of the Sulu king bear witness to the traffic on the canal.',
        intro: '德州地处南运河畔，明代在此设有德州仓，与临清、徐州、淮安的粮仓并为运河沿线的重要水次仓。\n明永乐十五年（1417年），苏禄国（今菲律宾苏禄群岛一带）东王率使团访问中国，归途中沿运河南下，在德州病逝，葬于城北。苏禄王墓至今保存完好，王的部分后裔留居德州，成为中外友好交往的见证。\n德州华家口的夯土险工是运河防洪工程的代表，2014年与南运河德州段一起列入《世界遗产名录》。',
        intro_en: 'Dezhou lies on the South Canal. The Ming kept a granary here which, with those at Linqing, Xuzhou and Huai\'an, was one of the main transfer granaries along the canal.\nIn 1417 the East King of Sulu (in today\'s Sulu Archipelago of the Philippines) led an embassy to China; on the way home down the canal he fell ill and died at Dezhou, and was buried north of the city. His tomb is well preserved, and some of his descendants stayed in Dezhou: a lasting sign of friendship between peoples.\nThe rammed-earth embankment at Huajiakou is a fine example of the canal\'s flood defences; it was inscribed on the World Heritage List in 2014 together with the Dezhou stretch of the South Canal.',
        heritage: '华家口夯土险工\n南运河德州段\n苏禄王墓',
        heritage_en: 'Huajiakou rammed-earth embankment\nSouth Canal, Dezhou section\nTomb of the King of Sulu',
      },
    ],
  },
  {
    name: '会通河',
    name_en: 'Huitong Canal',
    era: '元至元二十六年（1289年）开凿，明永乐九年（1411年）重开',
    era_en: 'Dug in 1289 under the Yuan; reopened in 1411 under the Ming',
    length_km: null,
    provinces: '山东',
    provinces_en: 'Shandong',
    cover: `${IMG}/water-divide.svg`,
    summary: '翻越山东西部地势最高处的一段，南旺分水枢纽让运河越过"水脊"，是京杭大运河截弯取直的关键。',
    summary_en: 'The stretch that crosses the highest ground of western Shandong: the Nanwang water-diversion hub carried the canal over its summit, the key to the Yuan short cut.',
    intro: `<p>元代以前，南北漕运要向西绕行中原。元朝为使漕船直达大都，先于至元二十年（1283年）开济州河，又于至元二十六年（1289年）开会通河，自须城安山向北至临清接御河（卫河），由元世祖赐名"会通"。从此运河不再西绕，京杭大运河的走向基本形成。</p>
<p>会通河一带地势中间高、两头低，元代水源不足，通航能力有限。明永乐九年（1411年），工部尚书宋礼主持重开会通河，采纳汶上老人白英的建议：在东平戴村筑坝拦截汶水，把水引到运河地势最高的南旺，再向南北分流。配合沿线的船闸和蓄水的"水柜"，南旺分水枢纽保障了此后数百年的漕运。</p>
<p>会通河沿线的临清、聊城、济宁因运河而兴。2014年，会通河临清段、阳谷段、南旺枢纽段、微山段等作为中国大运河的组成部分列入《世界遗产名录》。</p>`,
    intro_en: `<p>Before the Yuan, grain shipped between south and north had to swing west through the Central Plain. To bring the boats straight to Dadu the Yuan first dug the Jizhou River in 1283, then in 1289 the Huitong Canal, from Anshan in Xucheng north to Linqing, where it joined the Yu (Wei) River; Kublai Khan gave it the name Huitong. From then on the canal no longer detoured west, and the course of the Beijing–Hangzhou canal was essentially set.</p>
<p>The ground here is high in the middle and low at both ends, and under the Yuan the canal lacked water and carried little. In 1411 the Minister of Works Song Li reopened it, following the advice of Bai Ying, an old man of Wenshang: a dam at Daicun in Dongping held back the Wen River and sent its water to Nanwang, the highest point of the canal, where it divided to flow north and south. Together with locks and storage lakes ("water cabinets"), the Nanwang hub kept grain moving for centuries.</p>
<p>Linqing, Liaocheng and Jining all prospered on the Huitong Canal. In 2014 its Linqing, Yanggu, Nanwang hub and Weishan sections, among others, were inscribed on the World Heritage List as part of the Grand Canal.</p>`,
    heritage: '南旺分水枢纽\n戴村坝\n临清运河钞关\n阿城上闸、阿城下闸\n荆门上闸、荆门下闸',
    heritage_en: 'Nanwang water-diversion hub\nDaicun Dam\nLinqing canal customs house\nAcheng upper and lower locks\nJingmen upper and lower locks',
    course: '36.84,115.71; 36.45,115.99; 36.17,116.08; 35.93,116.25; 35.60,116.37; 35.41,116.59; 35.05,116.82; 34.62,117.33',
    cities: [
      {
        name: '临清',
        name_en: 'Linqing',
        lat: 36.84,
        lng: 115.71,
        cover: `${IMG}/guild-hall.svg`,
        summary: '会通河与卫河交汇的运河商业重镇，临清贡砖经运河运往北京修建宫殿。',
        summary_en: 'A merchant town where the Huitong Canal meets the Wei River; Linqing bricks went up the canal to build Beijing\'s palaces.',
        intro: '临清位于会通河与卫河（南运河）交汇处，明清时期商贾云集，是运河沿岸最繁华的城市之一。明代在此设立临清钞关，向过往船只征税，这里是目前运河沿线保存较完整的古代钞关。\n临清烧制的砖质地坚实，明清两代大量经运河运往北京，用于修建宫殿、城墙和陵寝，民间有"北京城是漂来的"说法。',
        intro_en: 'Linqing stands where the Huitong Canal meets the Wei River (the South Canal). Under the Ming and Qing merchants crowded here and it was one of the richest cities on the canal. The Ming set up a customs house to tax passing boats; it is one of the best-preserved old customs houses on the canal today.\nThe bricks fired at Linqing were hard and fine, and in the Ming and Qing great numbers of them were shipped up the canal to Beijing for palaces, city walls and tombs: hence the saying that "Beijing floated in on the canal".',
        heritage: '临清运河钞关\n会通河临清段',
        heritage_en: 'Linqing canal customs house\nHuitong Canal, Linqing section',
      },
      {
        name: '聊城',
        name_en: 'Liaocheng',
        lat: 36.45,
        lng: 115.99,
        cover: `${IMG}/guild-hall.svg`,
        summary: '"江北水城"，山陕会馆和光岳楼记录着运河带来的商业繁荣。',
        summary_en: '"The water city north of the Yangtze": its Shanxi–Shaanxi guild hall and Guangyue Tower record the trade the canal brought.',
        intro: '聊城古城四面环水，素有"江北水城"之称。会通河开通后，聊城成为运河沿线的商业码头，山西、陕西商人在此合建山陕会馆，建筑雕刻精美，是运河商帮文化的代表。\n古城中央的光岳楼建于明初，是现存规模较大的明代木构楼阁之一。聊城所辖阳谷县境内保存有阿城闸、荆门闸等会通河船闸遗址。',
        intro_en: 'Liaocheng\'s old town is ringed by water and has long been called "the water city north of the Yangtze". Once the Huitong Canal opened it became a trading port, and merchants from Shanxi and Shaanxi built the richly carved Shanxi–Shaanxi Guild Hall here, a showpiece of the merchant guilds of the canal.\nThe Guangyue Tower in the middle of the old town dates from the early Ming and is one of the larger surviving Ming timber towers. In Yanggu County, part of Liaocheng, the Acheng and Jingmen locks of the Huitong Canal survive.',
        heritage: '山陕会馆\n光岳楼\n阿城上闸、阿城下闸（阳谷）\n荆门上闸、荆门下闸（阳谷）',
        heritage_en: 'Shanxi–Shaanxi Guild Hall\nGuangyue Tower\nAcheng upper and lower locks (Yanggu)\nJingmen upper and lower locks (Yanggu)',
      },
      {
        name: '济宁',
        name_en: 'Jining',
        lat: 35.41,
        lng: 116.59,
        cover: `${IMG}/water-divide.svg`,
        summary: '明清河道总督驻地，汶上南旺分水枢纽让运河翻越全线地势最高的"水脊"。',
        summary_en: 'Seat of the Ming and Qing Director-General of the Grand Canal; the Nanwang hub in Wenshang carried the canal over its highest point.',
        intro: '济宁是会通河的中枢。元代开济州河后，运河由此北上；明清时期，总理河道的河道总督长期驻扎济宁，统筹运河治理。\n济宁北面汶上县的南旺是京杭大运河地势最高处，被称为运河的"水脊"。明代在东平戴村筑坝拦截汶水，把水引至南旺后向南北分流，配合船闸与蓄水湖泊，解决了运河翻越高地的难题。南旺分水枢纽遗址保存着分水龙王庙建筑群和古河道。',
        intro_en: 'Jining was the heart of the Huitong Canal. After the Yuan dug the Jizhou River, the canal ran north from here, and under the Ming and Qing the Director-General of the Grand Canal was long stationed in Jining to run the whole waterway.\nNanwang in Wenshang County, north of Jining, is the highest point of the Beijing–Hangzhou canal, its "water ridge". The Ming dammed the Wen River at Daicun in Dongping and led it to Nanwang, where it divided north and south; with locks and storage lakes this solved the problem of getting boats over the high ground. The site of the Nanwang hub keeps the Dragon King Temple of the water divide and the old channels.',
        heritage: '南旺分水枢纽（汶上）\n分水龙王庙遗址\n戴村坝（泰安市东平县）',
        heritage_en: 'Nanwang water-diversion hub (Wenshang)\nDragon King Temple of the water divide\nDaicun Dam (Dongping County, Tai\'an)',
      },
    ],
  },
  {
    name: '中河',
    name_en: 'Zhong Canal',
    era: '明万历三十二年（1604年）开泇河，清康熙二十五年至二十七年（1686—1688年）开中河',
    era_en: 'Jia River opened in 1604 (Ming); Zhong Canal dug 1686–1688 (Qing)',
    length_km: null,
    provinces: '山东、江苏',
    provinces_en: 'Shandong, Jiangsu',
    cover: `${IMG}/ancient-town.svg`,
    summary: '明清两代为避开黄河险段而开凿的运河，从台儿庄经宿迁通向淮安清口。',
    summary_en: 'Dug under the Ming and Qing to keep the boats off the dangerous Yellow River, running from Taierzhuang past Suqian to Qingkou at Huai\'an.',
    intro: `<p>元明时期，运河在徐州至淮安之间借黄河行船。黄河水流湍急、泥沙淤积，徐州附近的徐州洪、吕梁洪更是漕船的险关。明万历三十二年（1604年），李化龙主持开通泇河，使运河绕开徐州一带的黄河险段，经台儿庄南下。</p>
<p>清康熙年间，河道总督靳辅在黄河北岸另开中河，于康熙二十七年（1688年）建成。漕船从此大大减少了在黄河中航行的里程，运河在这一带的走向基本稳定下来。</p>
<p>台儿庄古城与宿迁皂河的龙王庙行宫是这一段的代表性遗存。2014年，中河台儿庄段和宿迁段作为中国大运河的组成部分列入《世界遗产名录》。</p>`,
    intro_en: `<p>Under the Yuan and Ming, boats between Xuzhou and Huai'an had to sail on the Yellow River itself, fast-flowing and heavy with silt; the rapids at Xuzhou and Lüliang near Xuzhou were notorious. In 1604 Li Hualong completed the Jia River, which took the canal around the Yellow River near Xuzhou and south past Taierzhuang.</p>
<p>Under the Kangxi emperor the Director-General of the Grand Canal, Jin Fu, dug the Zhong ("middle") Canal north of the Yellow River, finished in 1688. From then on the grain boats spent far less of their journey on the Yellow River, and the canal's course here settled.</p>
<p>The old town of Taierzhuang and the Dragon King Temple Palace at Zaohe in Suqian are the best-known remains of this stretch. In 2014 the Taierzhuang and Suqian sections of the Zhong Canal were inscribed on the World Heritage List as part of the Grand Canal.</p>`,
    heritage: '中河台儿庄段（月河）\n中河宿迁段\n龙王庙行宫（宿迁皂河）',
    heritage_en: 'Zhong Canal, Taierzhuang section (the Yue River)\nZhong Canal, Suqian section\nDragon King Temple Palace (Zaohe, Suqian)',
    course: '34.62,117.33; 34.56,117.73; 34.31,117.96; 34.06,118.18; 33.96,118.28; 33.72,118.68; 33.58,118.98',
    cities: [
      {
        name: '枣庄台儿庄',
        name_en: 'Taierzhuang, Zaozhuang',
        lat: 34.56,
        lng: 117.73,
        cover: `${IMG}/ancient-town.svg`,
        summary: '因运河而兴的水陆码头，1938年台儿庄战役后古城在原址重建，月河段保留着明清运河风貌。',
        summary_en: 'A canal port town; rebuilt on its old site after the 1938 Battle of Taierzhuang, its Yue River stretch keeps the Ming–Qing canal scene.',
        intro: '台儿庄因泇河、中河的开通而兴起，是明清时期运河沿线的水陆码头，南北商船在此停泊，形成了临河而建的街市。\n1938年，中国军队在这里取得台儿庄战役的胜利，古城在战火中严重损毁。今天的台儿庄古城在原址上重建；古城内的运河月河段保留着明清时期的河道、驳岸和码头，2014年作为中河台儿庄段的一部分列入《世界遗产名录》。',
        intro_en: 'Taierzhuang grew up after the Jia River and the Zhong Canal were opened; under the Ming and Qing it was a port where merchant boats from north and south moored and streets of shops lined the water.\nIn 1938 Chinese forces won the Battle of Taierzhuang here, and the old town was badly destroyed in the fighting. Today\'s old town has been rebuilt on its original site; its Yue River stretch keeps Ming and Qing channels, embankments and landings, and was inscribed on the World Heritage List in 2014 as part of the Taierzhuang section of the Zhong Canal.',
        heritage: '中河台儿庄段（月河）\n台儿庄古城',
        heritage_en: 'Zhong Canal, Taierzhuang section (Yue River)\nTaierzhuang old town',
      },
      {
        name: '宿迁',
        name_en: 'Suqian',
        lat: 33.96,
        lng: 118.28,
        cover: `${IMG}/palace.svg`,
        summary: '中河穿境而过，皂河龙王庙行宫是乾隆南巡时驻跸之所。',
        summary_en: 'The Zhong Canal crosses the city; the Dragon King Temple Palace at Zaohe hosted the Qianlong emperor on his southern tours.',
        intro: '宿迁位于中河沿线，北有骆马湖，境内有黄河故道。清代运河在此往来繁忙，皂河镇是重要的运河码头。\n皂河龙王庙行宫始建于清初，原为祭祀龙王、祈求河道安澜的庙宇，乾隆皇帝南巡时曾在此驻跸，因此兼有行宫之名。2014年，中河宿迁段与龙王庙行宫列入《世界遗产名录》。',
        intro_en: 'Suqian lies on the Zhong Canal, with Luoma Lake to the north and the old bed of the Yellow River crossing its land. Under the Qing the canal here was busy, and the town of Zaohe was an important landing.\nThe Dragon King Temple at Zaohe was built in the early Qing to pray to the Dragon King for calm waters; the Qianlong emperor stayed here on his southern tours, so it is also called a travelling palace. In 2014 the Suqian section of the Zhong Canal and the temple palace were inscribed on the World Heritage List.',
        heritage: '中河宿迁段\n龙王庙行宫（皂河）',
        heritage_en: 'Zhong Canal, Suqian section\nDragon King Temple Palace (Zaohe)',
      },
    ],
  },
  {
    name: '淮扬运河',
    name_en: 'Huaiyang Canal',
    era: '始于公元前486年吴王夫差开邗沟，隋代重修',
    era_en: 'Begun as the Han Gou in 486 BC by King Fuchai of Wu; rebuilt under the Sui',
    length_km: null,
    provinces: '江苏',
    provinces_en: 'Jiangsu',
    cover: `${IMG}/willow-dyke.svg`,
    summary: '大运河最古老的一段：公元前486年吴王夫差开凿邗沟，沟通长江与淮河。',
    summary_en: 'The oldest part of the Grand Canal: the Han Gou, dug by King Fuchai of Wu in 486 BC to link the Yangtze and the Huai.',
    intro: `<p>公元前486年，吴王夫差为北上争霸，筑邗城（今扬州）、开邗沟，引长江水北流入淮河。这是有明确纪年的最早的运河工程之一，被视为中国大运河的开端。</p>
<p>隋开皇七年（587年），隋文帝开山阳渎；大业元年（605年），隋炀帝又征发淮南民众十余万人开邗沟，自山阳（今淮安）至扬子入长江，使其与通济渠相连。此后淮扬运河一直是南北漕运的咽喉。</p>
<p>明清时期，淮安清口是黄河、淮河与运河交汇之处。治河者修筑洪泽湖大堤蓄积淮水，"蓄清刷黄"，以淮河清水冲刷黄河泥沙，保障漕船通过。淮安还设有漕运总督署，统管全国漕运。2014年，清口枢纽、总督漕运公署遗址以及扬州的盂城驿、邵伯古堤、个园、瘦西湖等遗产点随中国大运河列入《世界遗产名录》。</p>`,
    intro_en: `<p>In 486 BC King Fuchai of Wu, pressing north to contend for hegemony, built the town of Han (today's Yangzhou) and dug the Han Gou, leading Yangtze water north into the Huai River. It is one of the earliest canal works with a firm date and is counted as the beginning of the Grand Canal.</p>
<p>In 587 Emperor Wen of Sui opened the Shanyang Channel, and in 605 Emperor Yang sent more than a hundred thousand people of Huainan to dig the Han Gou anew, from Shanyang (today's Huai'an) to Yangzi on the Yangtze, joining it to the Tongji Canal. From then on the Huaiyang Canal was the throat of north–south grain transport.</p>
<p>Under the Ming and Qing, Qingkou at Huai'an was where the Yellow River, the Huai and the canal met. River engineers built the great dyke of Hongze Lake to hold back the clear Huai water and "store the clear to scour the yellow", flushing the Yellow River's silt so the boats could pass. Huai'an was also the seat of the Governor-General of Grain Transport, who ran the empire's grain shipments. In 2014 the Qingkou hub, the site of the Governor-General's office and, in Yangzhou, the Yucheng post station, the old Shaobo dyke, the Ge Garden and Slender West Lake, among others, were inscribed on the World Heritage List with the Grand Canal.</p>`,
    heritage: '清口枢纽\n总督漕运公署遗址\n洪泽湖大堤\n盂城驿（高邮）\n邵伯古堤与邵伯码头\n个园\n瘦西湖\n天宁寺行宫',
    heritage_en: 'Qingkou hydraulic hub\nSite of the Office of the Governor-General of Grain Transport\nHongze Lake dyke\nYucheng post station (Gaoyou)\nOld Shaobo dyke and wharves\nGe Garden\nSlender West Lake\nTianning Temple travelling palace',
    course: '33.58,118.98; 33.50,119.14; 33.24,119.31; 32.78,119.45; 32.53,119.50; 32.39,119.43; 32.25,119.39',
    cities: [
      {
        name: '淮安',
        name_en: "Huai'an",
        lat: 33.55,
        lng: 119.05,
        cover: `${IMG}/willow-dyke.svg`,
        summary: '明清漕运总督驻地，清口枢纽在此调度黄河、淮河与运河。',
        summary_en: 'Seat of the Ming and Qing Governor-General of Grain Transport, where the Qingkou hub managed the Yellow River, the Huai and the canal.',
        intro: '淮安地处淮河与运河交汇之地，明清两代的漕运总督驻扎于此，统管全国的漕粮运输。城中的总督漕运公署遗址已经考古发掘并对外展示。\n明永乐十三年（1415年），陈瑄主持开凿清江浦河，使漕船由运河直达淮河，清江浦由此兴起。城西的清口枢纽是黄河、淮河、运河交汇处的复杂水利工程，洪泽湖大堤蓄积淮水，以清水冲刷黄河泥沙，保障漕船通行。',
        intro_en: 'Huai\'an stands where the Huai River meets the canal. Under the Ming and Qing the Governor-General of Grain Transport was based here and ran the empire\'s grain shipments; the excavated site of his office is now open to visitors.\nIn 1415 Chen Xuan dug the Qingjiangpu channel, letting grain boats pass from the canal straight into the Huai, and the town of Qingjiangpu grew up around it. West of the city, the Qingkou hub is the complex of works where the Yellow River, the Huai and the canal met; the Hongze Lake dyke held back the Huai so its clear water could scour away the Yellow River\'s silt and keep the boats moving.',
        heritage: '清口枢纽\n总督漕运公署遗址\n洪泽湖大堤\n清江大闸',
        heritage_en: 'Qingkou hydraulic hub\nSite of the Office of the Governor-General of Grain Transport\nHongze Lake dyke\nQingjiang Great Lock',
      },
      {
        name: '扬州',
        name_en: 'Yangzhou',
        lat: 32.39,
        lng: 119.43,
        cover: `${IMG}/garden.svg`,
        summary: '"与运河同龄"的城市：邗沟从这里开凿，隋唐以来扬州因运河和盐业而繁荣。',
        summary_en: 'A city "as old as the canal": the Han Gou began here, and since the Sui and Tang Yangzhou has thrived on the canal and the salt trade.',
        intro: '公元前486年，吴王夫差筑邗城、开邗沟，扬州城由此发端，被称为"与运河同龄的城市"。隋唐时期，扬州是南北交通枢纽和对外贸易港口，有"扬一益二"之誉。唐代高僧鉴真是扬州大明寺的住持，六次东渡，终于到达日本。\n明清时期，两淮盐商聚集扬州，修建园林、资助文化，个园、瘦西湖等名胜由此而来，淮扬菜也在这里发展成熟。乾隆皇帝南巡时多次驻跸扬州。',
        intro_en: 'In 486 BC King Fuchai of Wu built the town of Han and dug the Han Gou, and Yangzhou began: it is called "the city as old as the canal". Under the Sui and Tang it was the hub of north–south transport and a port for foreign trade, ranked first in the empire ahead of Chengdu ("Yang first, Yi second"). The Tang monk Jianzhen, abbot of Yangzhou\'s Daming Temple, set out six times before he finally reached Japan.\nUnder the Ming and Qing the salt merchants of Lianghuai gathered in Yangzhou, building gardens and patronising the arts: the Ge Garden and Slender West Lake come from that time, and Huaiyang cuisine came of age here. The Qianlong emperor stayed in Yangzhou several times on his southern tours.',
        heritage: '邵伯古堤与邵伯码头\n盂城驿（高邮）\n个园\n瘦西湖\n天宁寺行宫\n汪鲁门宅\n盐宗庙\n卢绍绪宅\n刘堡减水闸',
        heritage_en: 'Old Shaobo dyke and wharves\nYucheng post station (Gaoyou)\nGe Garden\nSlender West Lake\nTianning Temple travelling palace\nWang Lumen residence\nTemple of the Salt Ancestors\nLu Shaoxu residence\nLiubao spillway lock',
      },
    ],
  },
  {
    name: '江南运河',
    name_en: 'Jiangnan Canal',
    era: '隋大业六年（610年）全线贯通',
    era_en: 'Completed along its whole length in 610 under the Sui',
    length_km: null,
    provinces: '江苏、浙江',
    provinces_en: 'Jiangsu, Zhejiang',
    cover: `${IMG}/bridge-three-arch.svg`,
    summary: '从镇江到杭州，穿过太湖平原的水网，串起常州、无锡、苏州、嘉兴等江南名城。',
    summary_en: 'From Zhenjiang to Hangzhou through the waterways of the Taihu plain, linking Changzhou, Wuxi, Suzhou, Jiaxing and other great cities of the south.',
    intro: `<p>江南的河道开凿很早，春秋时期吴国已在太湖平原开挖运河。隋大业六年（610年），隋炀帝下令开江南河，自京口（今镇江）至余杭（今杭州），长八百余里，河面宽十余丈，江南运河由此全线贯通。</p>
<p>太湖平原地势平坦、水源充沛，沿线城镇临水而建，形成"君到姑苏见，人家尽枕河"的水乡风貌。明清时期，苏州、杭州是全国最繁华的工商业城市之一，丝绸、稻米经运河源源北运。</p>
<p>2014年，江南运河常州城区段、无锡城区段、苏州段、嘉兴—杭州段以及盘门、宝带桥、山塘历史文化街区、长安闸、拱宸桥、广济桥、富义仓等遗产点列入《世界遗产名录》。</p>`,
    intro_en: `<p>Canals were dug early in the south: the state of Wu was already cutting channels across the Taihu plain in the Spring and Autumn period. In 610 Emperor Yang of Sui ordered the Jiangnan Canal dug from Jingkou (today's Zhenjiang) to Yuhang (today's Hangzhou), more than 800 li long and over ten zhang wide, and the canal ran through its whole length.</p>
<p>The Taihu plain is flat and rich in water, and its towns were built along the channels: "when you come to Suzhou you will see, every house is pillowed on the river", as a Tang poet wrote. Under the Ming and Qing, Suzhou and Hangzhou were among the richest cities in the land, and their silk and rice flowed north along the canal.</p>
<p>In 2014 the Changzhou and Wuxi city sections, the Suzhou section and the Jiaxing–Hangzhou section, with Panmen Gate, Baodai Bridge, the Shantang historic quarter, the Chang'an lock, Gongchen Bridge, Guangji Bridge and Fuyi Granary among others, were inscribed on the World Heritage List.</p>`,
    heritage: '盘门\n宝带桥\n山塘历史文化街区\n平江历史文化街区\n清名桥历史文化街区\n长安闸\n拱宸桥\n广济桥\n富义仓',
    heritage_en: 'Panmen Gate\nBaodai Bridge\nShantang historic quarter\nPingjiang historic quarter\nQingming Bridge historic quarter\nChang\'an lock\nGongchen Bridge\nGuangji Bridge\nFuyi Granary',
    course: '32.21,119.45; 32.00,119.58; 31.78,119.95; 31.56,120.30; 31.30,120.60; 31.16,120.64; 30.97,120.64; 30.75,120.76; 30.53,120.43; 30.42,120.18; 30.32,120.14',
    cities: [
      {
        name: '镇江',
        name_en: 'Zhenjiang',
        lat: 32.21,
        lng: 119.45,
        cover: `${IMG}/grain-boats.svg`,
        summary: '江南运河的北起点，古称京口，与对岸的扬州瓜洲隔江相望。',
        summary_en: 'The northern start of the Jiangnan Canal, once called Jingkou, facing Guazhou in Yangzhou across the Yangtze.',
        intro: '镇江古称京口，是江南运河的北端。隋代开江南河，正是"自京口至余杭"。漕船从这里渡过长江，经对岸的瓜洲进入淮扬运河。王安石"京口瓜洲一水间"的诗句，说的就是这段江面。\n西津渡古街保存着历代渡口的遗迹，街上的昭关石塔建于元代，是长江与运河交汇之地的历史见证。',
        intro_en: 'Zhenjiang, once called Jingkou, is the northern end of the Jiangnan Canal: the Sui dug it "from Jingkou to Yuhang". Grain boats crossed the Yangtze here to Guazhou on the far bank and entered the Huaiyang Canal. Wang Anshi\'s line "Jingkou and Guazhou, just one stretch of water apart" describes this crossing.\nThe old street of Xijindu keeps the traces of ferry landings of many dynasties; the Zhaoguan stone pagoda over the street dates from the Yuan, a witness to the meeting of the Yangtze and the canal.',
        heritage: '西津渡历史文化街区\n昭关石塔',
        heritage_en: 'Xijindu historic street\nZhaoguan stone pagoda',
      },
      {
        name: '常州',
        name_en: 'Changzhou',
        lat: 31.78,
        lng: 119.95,
        cover: `${IMG}/water-town.svg`,
        summary: '运河穿城而过，篦箕巷的梳篦作坊延续着运河边的手艺。',
        summary_en: 'The canal runs through the city, and the comb workshops of Biji Lane carry on a canal-side craft.',
        intro: '江南运河穿过常州城区，是2014年列入《世界遗产名录》的江南运河常州城区段。苏轼晚年多次来到常州，1101年在常州去世，运河边的东坡公园相传是他当年泊舟上岸之处。\n篦箕巷沿运河而建，是常州梳篦作坊集中的老街。常州梳篦以竹木为材，工艺精细，是当地著名的传统手工艺。',
        intro_en: 'The Jiangnan Canal crosses the city of Changzhou; this city section was inscribed on the World Heritage List in 2014. Su Shi came to Changzhou many times in his later years and died here in 1101; Dongpo Park by the canal is said to be where he moored his boat.\nBiji Lane runs along the canal and is the old street of Changzhou\'s comb makers. Changzhou combs, carved from bamboo and wood with fine workmanship, are a famous local craft.',
        heritage: '江南运河常州城区段\n篦箕巷\n东坡公园',
        heritage_en: 'Jiangnan Canal, Changzhou city section\nBiji Lane\nDongpo Park',
      },
      {
        name: '无锡',
        name_en: 'Wuxi',
        lat: 31.56,
        lng: 120.3,
        cover: `${IMG}/water-town.svg`,
        summary: '清名桥历史街区保留着"人家尽枕河"的景象，无锡曾是著名的米市。',
        summary_en: 'The Qingming Bridge quarter keeps the scene of houses "pillowed on the river"; Wuxi was once a famous rice market.',
        intro: '江南运河绕无锡古城而过，南长街、清名桥一带临河民居、码头和窑场林立，是运河水乡风貌保存较完整的地段之一。\n近代无锡是全国著名的"四大米市"之一，粮船沿运河往来；民族工商业也在运河边兴起，许多缫丝厂、面粉厂沿河而建。',
        intro_en: 'The Jiangnan Canal skirts the old city of Wuxi. Around Nanchang Street and the Qingming Bridge, houses, landings and kilns crowd the water, one of the best-kept canal townscapes.\nIn modern times Wuxi was one of China\'s "four great rice markets", with grain boats coming and going on the canal, and Chinese-owned industry grew up along the water, with silk filatures and flour mills on the banks.',
        heritage: '江南运河无锡城区段\n清名桥历史文化街区',
        heritage_en: 'Jiangnan Canal, Wuxi city section\nQingming Bridge historic quarter',
      },
      {
        name: '苏州',
        name_en: 'Suzhou',
        lat: 31.3,
        lng: 120.6,
        cover: `${IMG}/city-gate.svg`,
        summary: '运河环绕的古城，盘门、宝带桥、山塘街与平江路都是世界遗产的组成部分。',
        summary_en: 'An old city ringed by the canal: Panmen Gate, Baodai Bridge, Shantang Street and Pingjiang Road are all part of the World Heritage property.',
        intro: '苏州古城始建于春秋吴国，江南运河环绕古城而过，城内河道纵横，"君到姑苏见，人家尽枕河"。盘门是保存完整的水陆并列城门，陆门与水门并列，可以同时控制水陆交通。\n城东南的宝带桥横跨澹台湖口，是运河纤道上的多孔石桥，相传唐代刺史王仲舒捐出玉带助建，因而得名；现桥为明代重建，其后多次修缮，共五十三孔。\n明清时期苏州工商业发达，苏绣等手工艺品经运河行销南北。山塘街、平江路等历史街区至今保留着临河而居的格局。',
        intro_en: 'Suzhou was founded as the capital of the state of Wu in the Spring and Autumn period. The Jiangnan Canal circles the old city and canals criss-cross it: "every house is pillowed on the river". Panmen is a well-preserved city gate with a land gate and a water gate side by side, controlling traffic on road and water at once.\nSouth-east of the city, Baodai ("precious belt") Bridge crosses the mouth of Lake Dantai on the canal towpath. Legend says the Tang prefect Wang Zhongshu gave his jade belt to pay for it; the present bridge of 53 arches was rebuilt in the Ming and has been repaired many times since.\nUnder the Ming and Qing Suzhou was a great centre of crafts and trade, and Suzhou embroidery and other wares travelled the canal north and south. The historic streets of Shantang and Pingjiang still keep their houses along the water.',
        heritage: '盘门\n宝带桥\n山塘历史文化街区\n平江历史文化街区\n全晋会馆\n吴江古纤道',
        heritage_en: 'Panmen Gate\nBaodai Bridge\nShantang historic quarter\nPingjiang historic quarter\nQuanjin Guild Hall\nWujiang ancient towpath',
      },
      {
        name: '嘉兴',
        name_en: 'Jiaxing',
        lat: 30.75,
        lng: 120.76,
        cover: `${IMG}/lock-gate.svg`,
        summary: '江南运河进入浙江的第一座城市，海宁长安闸是宋代复闸技术的珍贵遗存。',
        summary_en: 'The first city of the Jiangnan Canal in Zhejiang; the Chang\'an lock at Haining is a rare survival of Song-dynasty multi-gate lock engineering.',
        intro: '江南运河自江苏进入浙江后首先经过嘉兴，运河环绕嘉兴古城，连通苏州、杭州和太湖、杭州湾之间的水网。\n嘉兴所辖海宁市的长安闸建于宋代，采用"三闸两澳"的设计：以三道闸门分级升降船只，并利用两侧的澳（蓄水池）回收和补充闸室用水，体现了宋代先进的水利技术。',
        intro_en: 'Jiaxing is the first city the Jiangnan Canal reaches in Zhejiang. The canal circles its old town and joins the waterways between Suzhou, Hangzhou, Lake Tai and Hangzhou Bay.\nThe Chang\'an lock at Haining, a city under Jiaxing, dates from the Song and follows a design of "three gates and two basins": three gates raise and lower boats in steps, while two side basins store and return the water used by the lock chambers, an advanced piece of Song hydraulic engineering.',
        heritage: '长安闸（海宁）\n江南运河嘉兴—杭州段',
        heritage_en: 'Chang\'an lock (Haining)\nJiangnan Canal, Jiaxing–Hangzhou section',
      },
      {
        name: '杭州',
        name_en: 'Hangzhou',
        lat: 30.32,
        lng: 120.14,
        cover: `${IMG}/bridge-three-arch.svg`,
        summary: '京杭大运河的南端，拱宸桥是运河终点的标志，浙东运河从钱塘江对岸继续向东。',
        summary_en: 'The southern end of the Beijing–Hangzhou canal, marked by Gongchen Bridge; across the Qiantang the East Zhejiang Canal carries on east.',
        intro: '杭州是京杭大运河的南端。隋代开江南河至余杭，杭州由此与北方相连；南宋定都临安（今杭州），运河城市更加繁盛。\n拱宸桥建于明崇祯四年（1631年），是一座三孔石拱桥，横跨运河，被视为京杭大运河南端的标志。附近的富义仓建于清代光绪年间，是当年杭州的重要粮仓。余杭塘栖镇的广济桥是运河上少见的七孔石拱桥。\n在钱塘江南岸的西兴，浙东运河继续向东，通往绍兴和宁波。',
        intro_en: 'Hangzhou is the southern end of the Beijing–Hangzhou canal. When the Sui dug the Jiangnan Canal to Yuhang, Hangzhou was joined to the north; when the Southern Song made Lin\'an (Hangzhou) their capital, the canal city flourished even more.\nGongchen Bridge, a three-arched stone bridge over the canal built in 1631 under the Ming, is the emblem of the canal\'s southern end. Nearby, Fuyi Granary was built in the Guangxu reign of the Qing and was one of the city\'s main granaries. At Tangqi in Yuhang, Guangji Bridge is a rare seven-arched stone bridge on the canal.\nAt Xixing, on the south bank of the Qiantang River, the East Zhejiang Canal carries on east to Shaoxing and Ningbo.',
        heritage: '拱宸桥\n广济桥（塘栖）\n富义仓\n桥西历史文化街区\n凤山水城门遗址',
        heritage_en: 'Gongchen Bridge\nGuangji Bridge (Tangqi)\nFuyi Granary\nQiaoxi historic quarter\nFengshan water-gate site',
      },
    ],
  },
  {
    name: '浙东运河',
    name_en: 'East Zhejiang Canal',
    era: '始于春秋越国山阴故水道，西晋贺循开西兴运河',
    era_en: 'Begun with the Shanyin Old Waterway of the state of Yue; extended by He Xun under the Western Jin',
    length_km: null,
    provinces: '浙江',
    provinces_en: 'Zhejiang',
    cover: `${IMG}/towpath.svg`,
    summary: '自杭州西兴经绍兴至宁波，连通钱塘江与甬江，是大运河通向大海的一段。',
    summary_en: 'From Xixing in Hangzhou through Shaoxing to Ningbo, linking the Qiantang and Yong rivers: the stretch that takes the Grand Canal to the sea.',
    intro: `<p>浙东运河西起杭州萧山西兴，东经绍兴、上虞、余姚，至宁波三江口，沟通钱塘江、曹娥江、姚江和甬江。它的前身是春秋时期越国开凿的山阴故水道；西晋时，会稽内史贺循主持开凿西兴运河，奠定了今天浙东运河的走向。</p>
<p>南宋定都临安（今杭州）后，浙东运河成为连接都城与明州（今宁波）港口的要道。经由宁波，大运河与海上丝绸之路相连。</p>
<p>绍兴城内的八字桥、沿河铺设的古纤道、宁波的庆安会馆，都是这段运河的见证。2014年，浙东运河萧山—绍兴段、上虞—余姚段、宁波段以及八字桥、古纤道、庆安会馆等遗产点列入《世界遗产名录》。</p>`,
    intro_en: `<p>The East Zhejiang Canal runs from Xixing in Xiaoshan, Hangzhou, east through Shaoxing, Shangyu and Yuyao to the Three Rivers Mouth in Ningbo, joining the Qiantang, Cao'e, Yao and Yong rivers. It began as the Shanyin Old Waterway dug by the state of Yue in the Spring and Autumn period; under the Western Jin, He Xun, governor of Kuaiji, dug the Xixing canal that fixed the route it follows today.</p>
<p>When the Southern Song made Lin'an (Hangzhou) their capital, this canal became the main link between the capital and the port of Mingzhou (Ningbo). Through Ningbo the Grand Canal met the Maritime Silk Road.</p>
<p>Bazi Bridge in Shaoxing, the stone towpath laid along the water and the Qing'an Guild Hall in Ningbo all bear witness to it. In 2014 its Xiaoshan–Shaoxing, Shangyu–Yuyao and Ningbo sections, with Bazi Bridge, the ancient towpath and the Qing'an Guild Hall among others, were inscribed on the World Heritage List.</p>`,
    heritage: '西兴过塘行码头\n八字桥\n八字桥历史文化街区\n古纤道\n宁波三江口\n庆安会馆',
    heritage_en: 'Xixing transfer-house landing\nBazi Bridge\nBazi Bridge historic quarter\nAncient towpath\nThree Rivers Mouth, Ningbo\nQing\'an Guild Hall',
    course: '30.19,120.22; 30.17,120.27; 30.08,120.49; 30.00,120.58; 30.03,120.87; 30.04,121.15; 29.87,121.55',
    cities: [
      {
        name: '绍兴',
        name_en: 'Shaoxing',
        lat: 30.0,
        lng: 120.58,
        cover: `${IMG}/towpath.svg`,
        summary: '浙东运河穿城而过的水城，八字桥和古纤道是这段运河的代表。',
        summary_en: 'A water city crossed by the East Zhejiang Canal, known for Bazi Bridge and the ancient towpath.',
        intro: '绍兴古称会稽、山阴，春秋时是越国都城。浙东运河穿过绍兴平原，城内河网密布，乌篷船至今仍在河上摇橹往来。\n城东的八字桥建于南宋，桥坡沿河岸分向展开，形似"八"字，巧妙地解决了几条河道与街巷交汇处的通行问题。城西的古纤道用石板铺设在运河之中，供纤夫拉船行走，绵延数公里。',
        intro_en: 'Shaoxing, once called Kuaiji and Shanyin, was the capital of the state of Yue in the Spring and Autumn period. The East Zhejiang Canal crosses the Shaoxing plain; the city is laced with canals, and black-awning boats are still sculled along them.\nBazi Bridge in the east of the city dates from the Southern Song. Its ramps spread along the banks in the shape of the character 八 ("eight"), neatly solving the crossing where several channels and lanes meet. West of the city the ancient towpath, laid with stone slabs in the middle of the canal for the trackers who hauled the boats, runs on for kilometres.',
        heritage: '八字桥\n八字桥历史文化街区\n古纤道',
        heritage_en: 'Bazi Bridge\nBazi Bridge historic quarter\nAncient towpath',
      },
      {
        name: '宁波',
        name_en: 'Ningbo',
        lat: 29.87,
        lng: 121.55,
        cover: `${IMG}/harbour.svg`,
        summary: '浙东运河的终点，三江口连通大海，使大运河与海上丝绸之路相接。',
        summary_en: 'The end of the East Zhejiang Canal, where the Three Rivers Mouth opens to the sea and the Grand Canal meets the Maritime Silk Road.',
        intro: '宁波古称明州，姚江与奉化江在城中的三江口汇合成甬江，向东流入大海。浙东运河经余姚到达三江口，内河航运与海上航线在这里衔接。唐宋以来，明州是对日本、朝鲜半岛贸易的重要港口。\n三江口附近的庆安会馆建于清代晚期，是船帮商人集会和祭祀妈祖的场所，见证了宁波的航运传统。',
        intro_en: 'Ningbo, once called Mingzhou, is where the Yao and Fenghua rivers meet at the Three Rivers Mouth to form the Yong River, which flows east to the sea. The East Zhejiang Canal reaches the Three Rivers Mouth by way of Yuyao, so inland shipping and sea routes meet here. From the Tang and Song onwards Mingzhou was a leading port for trade with Japan and the Korean peninsula.\nNear the Three Rivers Mouth, the Qing\'an Guild Hall, built in the late Qing, was where shipping merchants met and worshipped Mazu: a record of Ningbo\'s seafaring tradition.',
        heritage: '宁波三江口\n庆安会馆\n浙东运河宁波段',
        heritage_en: 'Three Rivers Mouth\nQing\'an Guild Hall\nEast Zhejiang Canal, Ningbo section',
      },
    ],
  },
  {
    name: '通济渠',
    name_en: 'Tongji Canal',
    era: '隋大业元年（605年）开凿',
    era_en: 'Dug in 605 under the Sui',
    length_km: null,
    provinces: '河南、安徽、江苏',
    provinces_en: 'Henan, Anhui, Jiangsu',
    cover: `${IMG}/granary.svg`,
    summary: '隋炀帝于605年开凿的隋唐大运河主干，自洛阳引谷水、洛水入黄河，再经汴水通淮河。',
    summary_en: 'The trunk of the Sui–Tang canal, dug by Emperor Yang in 605: from Luoyang it led the Gu and Luo rivers into the Yellow River, then through the Bian to the Huai.',
    intro: `<p>隋大业元年（605年），隋炀帝营建东都洛阳，同时征发河南、淮北诸郡民众前后百余万人开通济渠：自洛阳西苑引谷水、洛水入黄河，再自板渚引黄河水入汴水，经今开封、商丘、永城、宿州、泗县，至盱眙入淮河。</p>
<p>唐宋时期，这条河道被称为汴河，是向都城输送江淮粮食的生命线。北宋都城东京（今开封）就坐落在汴河之畔，张择端《清明上河图》描绘的正是汴河两岸的繁华景象。金元以后，黄河屡次泛滥改道，汴河逐渐淤塞废弃。</p>
<p>考古发掘让这条消失的运河重见天日：洛阳的含嘉仓、回洛仓，安徽淮北的柳孜运河遗址，商丘南关段河道，以及至今仍保留着河道和水流的泗县段。2014年，这些遗产作为中国大运河的组成部分列入《世界遗产名录》。</p>`,
    intro_en: `<p>In 605, the year he began building the Eastern Capital at Luoyang, Emperor Yang of Sui sent more than a million people from the commanderies of Henan and Huaibei to dig the Tongji Canal: from the Western Park of Luoyang it led the Gu and Luo rivers into the Yellow River, and from Banzhu it took Yellow River water into the Bian, past today's Kaifeng, Shangqiu, Yongcheng, Suzhou (Anhui) and Sixian, into the Huai River at Xuyi.</p>
<p>Under the Tang and Song this waterway was called the Bian River, the lifeline carrying the grain of the Yangtze and Huai lands to the capital. The Northern Song capital, Dongjing (today's Kaifeng), stood on the Bian, and Zhang Zeduan's scroll <em>Along the River during the Qingming Festival</em> shows the bustle of its banks. After the Jin and Yuan, repeated floods and shifts of the Yellow River silted it up and it was abandoned.</p>
<p>Archaeology has brought the lost canal back to light: the Hanjia and Huiluo granaries at Luoyang, the Liuzi canal site at Huaibei in Anhui, the Nanguan stretch at Shangqiu and the Sixian stretch, which still holds its channel and flowing water. In 2014 they were inscribed on the World Heritage List as part of the Grand Canal.</p>`,
    heritage: '含嘉仓160号仓窖遗址\n回洛仓遗址\n通济渠郑州段\n通济渠商丘南关段\n通济渠商丘夏邑段\n柳孜运河遗址\n通济渠泗县段',
    heritage_en: 'Hanjia Granary, storage pit no. 160\nHuiluo Granary site\nTongji Canal, Zhengzhou section\nTongji Canal, Nanguan section at Shangqiu\nTongji Canal, Xiayi section at Shangqiu\nLiuzi canal site\nTongji Canal, Sixian section',
    course: '34.66,112.45; 34.80,113.05; 34.88,113.40; 34.87,113.62; 34.79,114.35; 34.55,114.78; 34.41,115.66; 33.93,116.45; 33.80,116.62; 33.64,116.98; 33.54,117.55; 33.48,117.90; 33.00,118.52',
    cities: [
      {
        name: '洛阳',
        name_en: 'Luoyang',
        lat: 34.62,
        lng: 112.45,
        cover: `${IMG}/granary.svg`,
        summary: '隋唐大运河的中心，含嘉仓与回洛仓见证着这座都城的粮食储运。',
        summary_en: 'The centre of the Sui–Tang canal system; the Hanjia and Huiluo granaries show how the capital stored its grain.',
        intro: '隋炀帝营建东都洛阳，并以洛阳为中心开凿通济渠、永济渠，形成南达余杭、北抵涿郡的隋唐大运河。\n含嘉仓建于隋代，唐代成为国家最重要的粮仓之一。1971年起的考古发掘探明了数百座仓窖，其中160号仓窖内还发现了大量炭化的谷物。回洛仓位于隋代洛阳城外，规模宏大，同样是隋代的国家粮仓。',
        intro_en: 'Emperor Yang of Sui built the Eastern Capital at Luoyang and made it the centre of his canals, the Tongji and the Yongji, forming the Sui–Tang Grand Canal that reached Yuhang in the south and Zhuojun in the north.\nHanjia Granary was founded under the Sui and became one of the most important state granaries of the Tang. Excavations from 1971 onwards located hundreds of storage pits, and pit no. 160 still held a great mass of carbonised grain. Huiluo Granary, outside the Sui city, was another huge state granary of the Sui.',
        heritage: '含嘉仓160号仓窖遗址\n回洛仓遗址',
        heritage_en: 'Hanjia Granary, storage pit no. 160\nHuiluo Granary site',
      },
      {
        name: '郑州',
        name_en: 'Zhengzhou',
        lat: 34.87,
        lng: 113.62,
        cover: `${IMG}/grain-boats.svg`,
        summary: '通济渠在此东行，惠济区保存着通济渠郑州段的古河道。',
        summary_en: 'The Tongji Canal ran east past here; Huiji District keeps the old channel of its Zhengzhou section.',
        intro: '通济渠自洛阳东行，在今荥阳一带的板渚引黄河水入汴水，再向东流经郑州。郑州市惠济区境内的通济渠故道是隋唐大运河的重要遗存，2014年以"通济渠郑州段"之名列入《世界遗产名录》。',
        intro_en: 'Flowing east from Luoyang, the Tongji Canal took Yellow River water into the Bian at Banzhu, near today\'s Xingyang, and went on east past Zhengzhou. Its old channel in Huiji District is an important remnant of the Sui–Tang canal and was inscribed on the World Heritage List in 2014 as the Zhengzhou section of the Tongji Canal.',
        heritage: '通济渠郑州段',
        heritage_en: 'Tongji Canal, Zhengzhou section',
      },
      {
        name: '开封',
        name_en: 'Kaifeng',
        lat: 34.79,
        lng: 114.35,
        cover: `${IMG}/scroll.svg`,
        summary: '北宋都城东京，汴河穿城而过，《清明上河图》描绘的正是汴河两岸的景象。',
        summary_en: 'Dongjing, capital of the Northern Song, on the Bian River, the river painted in Along the River during the Qingming Festival.',
        intro: '通济渠在唐宋时期称为汴河。北宋定都东京开封府，汴河是从江淮向京城运输粮食和物资的生命线。\n张择端的《清明上河图》描绘了汴河两岸的市井繁华与虹桥下穿行的漕船。金元以后，黄河多次泛滥，开封古城和汴河被深埋于泥沙之下，形成了"城摞城"的奇观。',
        intro_en: 'Under the Tang and Song the Tongji Canal was called the Bian River. When the Northern Song made Kaifeng their capital, Dongjing, the Bian was the lifeline carrying grain and goods from the Yangtze and Huai lands to the city.\nZhang Zeduan\'s scroll Along the River during the Qingming Festival shows the busy streets on its banks and grain boats passing under the Rainbow Bridge. After the Jin and Yuan the Yellow River flooded again and again, burying the old city and the Bian River deep in silt, so that cities now lie stacked one on top of another.',
        heritage: '州桥及汴河遗址\n开封古城',
        heritage_en: 'Zhou Bridge and Bian River site\nKaifeng old city',
      },
      {
        name: '商丘',
        name_en: 'Shangqiu',
        lat: 34.41,
        lng: 115.66,
        cover: `${IMG}/dike.svg`,
        summary: '通济渠商丘南关段和夏邑段的考古发掘揭示了隋唐运河的河道与堤岸。',
        summary_en: 'Excavations of the Tongji Canal at Nanguan and Xiayi in Shangqiu have revealed the Sui–Tang channel and its banks.',
        intro: '商丘古称宋州，北宋时为南京应天府，通济渠（汴河）从城南流过。考古工作者在商丘南关和夏邑县发掘出通济渠的河道与河堤，为了解隋唐运河的规模提供了实物证据。2014年，通济渠商丘南关段、夏邑段列入《世界遗产名录》。',
        intro_en: 'Shangqiu, once called Songzhou, was the Southern Capital (Yingtian) of the Northern Song; the Tongji Canal (the Bian) flowed south of the city. Archaeologists have excavated the canal\'s channel and dykes at Nanguan and in Xiayi County, giving hard evidence of the scale of the Sui–Tang canal. In 2014 the Nanguan and Xiayi sections were inscribed on the World Heritage List.',
        heritage: '通济渠商丘南关段\n通济渠商丘夏邑段\n商丘古城',
        heritage_en: 'Tongji Canal, Nanguan section\nTongji Canal, Xiayi section\nShangqiu old city',
      },
      {
        name: '淮北柳孜',
        name_en: 'Liuzi, Huaibei',
        lat: 33.8,
        lng: 116.62,
        cover: `${IMG}/grain-boats.svg`,
        summary: '濉溪县柳孜运河遗址出土了唐代沉船和大量瓷器，是隋唐大运河的重要考古发现。',
        summary_en: 'The Liuzi canal site in Suixi County yielded Tang-dynasty boats and a wealth of porcelain: a key find of the Sui–Tang canal.',
        intro: '柳孜位于淮北市濉溪县，隋唐时期是通济渠边的重要集镇。1999年，考古工作者在这里发掘出宋代石构建筑遗迹、八艘唐代木船和大量唐宋瓷器，证实了通济渠的走向与繁盛。柳孜运河遗址于2014年列入《世界遗产名录》。',
        intro_en: 'Liuzi, in Suixi County of Huaibei, was an important market town on the Tongji Canal under the Sui and Tang. In 1999 archaeologists excavated a Song stone structure, eight Tang wooden boats and a great quantity of Tang and Song porcelain here, confirming the canal\'s course and its prosperity. The Liuzi canal site was inscribed on the World Heritage List in 2014.',
        heritage: '柳孜运河遗址',
        heritage_en: 'Liuzi canal site',
      },
      {
        name: '宿州泗县',
        name_en: 'Sixian, Suzhou (Anhui)',
        lat: 33.48,
        lng: 117.9,
        cover: `${IMG}/willow-dyke.svg`,
        summary: '通济渠泗县段至今仍保留着河道和水流，是隋唐大运河少有的"活"的遗存。',
        summary_en: 'The Sixian stretch of the Tongji Canal still holds its channel and flowing water, a rare "living" remnant of the Sui–Tang canal.',
        intro: '通济渠自淮北东南行，经宿州至泗县，再向东南汇入淮河。泗县境内的一段古河道至今仍有水流，两岸保留着古堤的形态，是研究隋唐运河河道形制的重要实例，2014年以"通济渠泗县段"之名列入《世界遗产名录》。',
        intro_en: 'From Huaibei the Tongji Canal ran south-east past Suzhou (Anhui) to Sixian and on into the Huai River. A stretch of the old channel in Sixian still carries water between the remains of its ancient dykes, a valuable example of what the Sui–Tang canal looked like; it was inscribed on the World Heritage List in 2014 as the Sixian section of the Tongji Canal.',
        heritage: '通济渠泗县段',
        heritage_en: 'Tongji Canal, Sixian section',
      },
    ],
  },
  {
    name: '卫河（永济渠）',
    name_en: 'Wei River (Yongji Canal)',
    era: '隋大业四年（608年）开凿',
    era_en: 'Dug in 608 under the Sui',
    length_km: null,
    provinces: '河南、河北、山东',
    provinces_en: 'Henan, Hebei, Shandong',
    cover: `${IMG}/grain-boats.svg`,
    summary: '隋炀帝608年开凿，南引沁水通黄河，北达涿郡（今北京一带），今卫河仍沿用其部分河道。',
    summary_en: 'Dug by Emperor Yang in 608, from the Qin River and the Yellow River north to Zhuojun near today\'s Beijing; the Wei River still follows part of its bed.',
    intro: `<p>隋大业四年（608年），隋炀帝征发河北诸郡民众百余万开永济渠，"引沁水南达于河，北通涿郡"。永济渠是隋唐大运河向北的一支，为隋朝用兵辽东输送兵员和粮草。</p>
<p>永济渠的中段利用了卫河（古称白沟）等河道。宋元以后，它的下游成为南运河的一部分，卫河则一直通航至近代。河南浚县与滑县之间的卫河保存着古河道、码头和古镇的格局，滑县道口古镇曾是卫河上重要的水陆码头。</p>
<p>浚县大伾山下的黎阳仓是隋代的国家粮仓，考古发掘揭示了仓窖和漕运设施的布局。2014年，卫河（永济渠）滑县—浚县段和黎阳仓遗址列入《世界遗产名录》。</p>`,
    intro_en: `<p>In 608 Emperor Yang of Sui sent more than a million people from the commanderies north of the Yellow River to dig the Yongji Canal, "leading the Qin River south to the Yellow River and north to Zhuojun". It was the northern branch of the Sui–Tang canal and carried troops and supplies for the Sui campaigns in Liaodong.</p>
<p>Its middle reaches used the bed of the Wei River (once called the Bai Gou) and other streams. After the Song and Yuan its lower course became part of the South Canal, while the Wei stayed navigable into modern times. Between Xun County and Hua County in Henan the Wei keeps its old channel, landings and towns; Daokou in Hua County was once a major river port.</p>
<p>Liyang Granary at the foot of Mount Dapi in Xun County was a state granary of the Sui, and excavations have revealed the layout of its storage pits and canal works. In 2014 the Hua–Xun section of the Wei River (Yongji Canal) and the Liyang Granary site were inscribed on the World Heritage List.</p>`,
    heritage: '卫河（永济渠）滑县—浚县段\n黎阳仓遗址\n道口古镇（滑县）',
    heritage_en: 'Wei River (Yongji Canal), Hua–Xun section\nLiyang Granary site\nDaokou old town (Hua County)',
    course: '35.05,113.40; 35.30,113.90; 35.40,114.07; 35.67,114.55; 36.28,115.15; 36.55,115.30; 36.84,115.71',
    cities: [
      {
        name: '鹤壁浚县',
        name_en: 'Xun County, Hebi',
        lat: 35.67,
        lng: 114.55,
        cover: `${IMG}/granary.svg`,
        summary: '卫河（永济渠）从古城边流过，黎阳仓遗址是隋代的国家粮仓。',
        summary_en: 'The Wei River (Yongji Canal) flows past the old town; the Liyang Granary site was a Sui state granary.',
        intro: '浚县古称黎阳，卫河（隋代永济渠故道）从古城西侧流过。隋代在大伾山下设黎阳仓，储存河北一带征收的粮食，经永济渠和黄河转运。考古发掘揭示了仓城、仓窖和漕运沟渠的布局。\n南面不远处的滑县道口镇曾是卫河上的重要码头，道口烧鸡远近闻名。2014年，卫河（永济渠）滑县—浚县段与黎阳仓遗址列入《世界遗产名录》。',
        intro_en: 'Xun County, once called Liyang, has the Wei River (the old bed of the Sui Yongji Canal) flowing past the west side of its old town. The Sui built Liyang Granary at the foot of Mount Dapi to store grain collected north of the Yellow River and ship it on by the Yongji Canal and the Yellow River. Excavations have revealed the granary walls, storage pits and canal channels.\nA little to the south, Daokou in Hua County was an important landing on the Wei and is still famous for its braised chicken. In 2014 the Hua–Xun section of the Wei River (Yongji Canal) and the Liyang Granary site were inscribed on the World Heritage List.',
        heritage: '卫河（永济渠）滑县—浚县段\n黎阳仓遗址\n道口古镇（滑县）',
        heritage_en: 'Wei River (Yongji Canal), Hua–Xun section\nLiyang Granary site\nDaokou old town (Hua County)',
      },
    ],
  },
];

export async function seed({ knex }: SeedContext): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  let cityWeigh = CANALS.reduce((n, c) => n + c.cities.length, 0);
  for (const [index, { cities, ...canal }] of CANALS.entries()) {
    const [inserted] = await knex('canal')
      .insert({ ...canal, weigh: CANALS.length - index, status: '1', create_time: now, update_time: now })
      .returning('id');
    const canalId = typeof inserted === 'object' ? (inserted as { id: number }).id : (inserted as number);
    for (const city of cities) {
      // Stops run north to south along each section: the weigh order is also the order along the water.
      await knex('canal_city').insert({ ...city, canal_id: canalId, weigh: cityWeigh--, status: '1', create_time: now, update_time: now });
    }
  }
}
