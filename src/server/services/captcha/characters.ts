/**
 * What the click captcha may draw. Chinese characters are common, everyday or canal-related, and chosen so
 * that no two look alike once small and rotated (no 己/已, 未/末, 洲/州, 饺/校...): a visitor must never have
 * to guess which of two similar glyphs the prompt means.
 *
 * The shipped font `src/server/assets/fonts/captcha-sc.otf` holds exactly these characters plus A-Z. After
 * changing the lists, rebuild it from Noto Sans CJK SC Bold (face 2 of the Debian/Ubuntu .ttc) with fonttools
 * (`apt-get install fonts-noto-cjk python3-fonttools`), then run test/unit/captcha-image.test.ts, which
 * checks that every character has a glyph:
 *
 *   node --import tsx -e "import('./src/server/services/captcha/characters.ts').then(m => process.stdout.write(m.FONT_TEXT))" > /tmp/captcha.txt
 *   python3 -m fontTools.subset /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc --font-number=2 \
 *     --text-file=/tmp/captcha.txt --layout-features='' --name-IDs='*' --no-hinting --desubroutinize \
 *     --output-file=src/server/assets/fonts/captcha-sc.otf
 */
export const CHINESE_CHARACTERS = [
  // The canal, its towns and its trade.
  '河江湖海港桥船舟帆岸堤闸坝渡运航浪波泉溪潮滩湾池渠流源浙杭苏淮津京通州镇城坊巷街市码桨锚仓粮盐茶丝绸瓷',
  // Seasons, weather, plants, landscape.
  '春夏秋冬雨雪雷霜雾云晴阳光星空虹草花叶林森竹松柳桃梅兰菊荷莲藕稻麦豆果瓜菜山峰岭谷泥石岩金银铜铁',
  // Animals.
  '鱼虾蟹鸡鸭鹅鸟燕雁鹤龙虎兔猫狗猪羊马牛鹿熊蛇龟蛙蝶猴鸽鹰象蚕鹊蝉蚁',
  // Food, clothes, the home.
  '米饭面粥汤饼糕包肉蛋奶油糖酒醋酱盘碗杯壶锅勺衣裤裙鞋帽袜伞扇灯钟表镜床桌椅门窗墙屋房家院园楼亭塔庙寺',
  '梨杏枣橘葡萄桂被枕瓶袋绳针帘锁钥蒜葱姜椒笋罐灶炉烛笼橙蕉凳厨',
  // People and the body.
  '爸妈哥姐弟妹爷孩友师医商兵手脚头眼耳鼻嘴牙心身',
  // Doing things.
  '走跑跳飞游看听说读写唱画笑哭吃喝睡坐站送开关拉推洗穿找做教玩想爱住回钓划剪绣搬摇撑猜',
  // Colours and qualities.
  '红黄蓝绿紫黑白粉青高低长短新旧快慢好美香甜苦辣冷热暖近多少明',
  // Culture, festivals, things of town life.
  '书字诗词文歌舞琴棋鼓笛纸笔砚印戏剧节年福喜寿粽月联旗车路票钱信邮电话网机球梦陶漆巢翅羽锄',
  // Places, directions, time, virtues.
  '南北前后外中上下晚时分秒周国县村乡店馆校府宫殿阁廊堂客途岛泊水火风',
  '和平安乐康健富强德礼仁诚勤善勇智慧',
]
  .join('')
  .split('');

/** Capital letters for English visitors, without the ones easily taken for a digit or each other (I, O, Q). */
export const LATIN_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ'.split('');

/** Every character the font must contain. */
export const FONT_TEXT = CHINESE_CHARACTERS.join('') + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
