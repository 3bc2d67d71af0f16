/**
 * Words the second generator writes on its lists, with a short meaning each (for "word —
 * meaning" lists, tables and chats). Each split draws from its own half of every pool (split
 * once by a fixed shuffle), so no word of the held-out split is ever a word of the tuning one.
 */
import type { Language } from '@spellwell/shared';

export interface Entry {
  word: string;
  meaning: string;
}

const pairs = (text: string): Entry[] =>
  text
    .trim()
    .split('\n')
    .map((line) => {
      const [word, meaning] = line.split('=').map((s) => s.trim());
      return { word: word!, meaning: meaning! };
    });

const ENGLISH = pairs(`
accident = something that happens by chance
actually = in fact
address = where someone lives
answer = a reply to a question
appear = to come into sight
arrive = to reach a place
believe = to think something is true
bicycle = a two-wheeled vehicle
breathe = to take air in and out
build = to make something
business = buying and selling
calendar = a chart of days and months
caught = past of catch
centre = the middle point
century = one hundred years
certain = sure
circle = a round shape
complete = finished
consider = to think about
continue = to keep going
decide = to make a choice
describe = to say what something is like
different = not the same
difficult = hard to do
disappear = to go out of sight
early = before the usual time
earth = the planet we live on
eight = the number 8
enough = as much as needed
exercise = activity for health
experience = something that happens to you
experiment = a scientific test
extreme = very great
famous = known by many people
favourite = liked the most
forward = towards the front
fruit = the part of a plant we eat
grammar = rules of a language
group = a number of people together
guard = to keep safe
guide = to show the way
heard = past of hear
heart = the organ that pumps blood
height = how tall something is
history = the study of the past
imagine = to picture in the mind
increase = to make bigger
important = mattering a lot
interest = wanting to know more
island = land with water all around
knowledge = what you know
learn = to gain knowledge
length = how long something is
library = a place full of books
material = what something is made of
medicine = something to make you well
mention = to speak of briefly
minute = sixty seconds
natural = made by nature
naughty = badly behaved
notice = to see or become aware
occasion = a special event
often = many times
opposite = completely different
ordinary = normal
particular = a specific one
peculiar = strange
perhaps = maybe
popular = liked by many
position = where something is
possess = to own
possible = able to happen
potatoes = starchy vegetables
pressure = a pushing force
probably = most likely
promise = to say you will do it
purpose = the reason for something
quarter = one of four equal parts
question = something you ask
recent = not long ago
regular = happening often
reign = the time a king rules
remember = to keep in the mind
sentence = a group of words
separate = to set apart
special = better than usual
straight = without a bend
strange = unusual
strength = being strong
suppose = to think likely
surprise = something unexpected
therefore = for that reason
though = even if
thought = an idea
through = from one side to the other
various = of different kinds
weight = how heavy something is
woman = an adult female
adventure = an exciting journey
balance = a steady position
courage = being brave
delicious = tasting very good
harvest = gathering ripe crops
journey = a trip from place to place
kitchen = a room for cooking
lightning = a flash in a storm
marvellous = wonderful
neighbour = someone who lives nearby
ocean = a very large sea
planet = a body that circles a star
rhythm = a regular beat
scissors = a tool for cutting
shoulder = where the arm joins the body
thirsty = wanting a drink
umbrella = keeps the rain off
valley = low land between hills
whisper = to speak very softly
yesterday = the day before today
`);

const CHINESE = pairs(`
春天 = spring
夏天 = summer
秋天 = autumn
冬天 = winter
太阳 = sun
月亮 = moon
星星 = star
白云 = white cloud
大海 = sea
森林 = forest
花园 = garden
小草 = grass
树叶 = leaf
蝴蝶 = butterfly
蜜蜂 = bee
小鸟 = little bird
熊猫 = panda
老虎 = tiger
兔子 = rabbit
金鱼 = goldfish
学校 = school
老师 = teacher
同学 = classmate
朋友 = friend
爷爷 = grandfather
奶奶 = grandmother
哥哥 = elder brother
姐姐 = elder sister
弟弟 = younger brother
妹妹 = younger sister
书包 = school bag
铅笔 = pencil
橡皮 = eraser
作业 = homework
考试 = exam
图书馆 = library
教室 = classroom
黑板 = blackboard
操场 = playground
运动 = sport
跑步 = running
游泳 = swimming
唱歌 = singing
跳舞 = dancing
画画 = drawing
写字 = writing
读书 = reading
快乐 = happy
高兴 = glad
美丽 = beautiful
勇敢 = brave
聪明 = clever
认真 = careful
安静 = quiet
干净 = clean
温暖 = warm
凉快 = cool
寒冷 = cold
下雨 = to rain
刮风 = windy
雪花 = snowflake
彩虹 = rainbow
天空 = sky
地球 = the earth
河流 = river
山峰 = mountain peak
城市 = city
公园 = park
商店 = shop
医院 = hospital
汽车 = car
火车 = train
飞机 = aeroplane
自行车 = bicycle
早上 = morning
中午 = noon
晚上 = evening
明天 = tomorrow
昨天 = yesterday
水果 = fruit
苹果 = apple
香蕉 = banana
西瓜 = watermelon
葡萄 = grapes
米饭 = rice
面条 = noodles
牛奶 = milk
鸡蛋 = egg
蔬菜 = vegetables
眼睛 = eyes
耳朵 = ears
手指 = finger
身体 = body
健康 = healthy
帮助 = to help
礼貌 = polite
节日 = festival
生日 = birthday
礼物 = present
故事 = story
问题 = question
回答 = to answer
时间 = time
声音 = sound
五颜六色 = colourful
一心一意 = wholeheartedly
自言自语 = talk to oneself
欢天喜地 = overjoyed
`);

const MALAY = pairs(`
sekolah = school
buku = book
rumah = house
kucing = cat
burung = bird
ikan = fish
pokok = tree
bunga = flower
matahari = sun
bintang = star
hujan = rain
sungai = river
gunung = mountain
kereta = car
basikal = bicycle
jalan = road
pasar = market
makanan = food
minuman = drink
roti = bread
telur = egg
susu = milk
pisang = banana
durian = durian
rambutan = rambutan
keluarga = family
nenek = grandmother
datuk = grandfather
guru = teacher
murid = pupil
kawan = friend
kelas = class
meja = table
kerusi = chair
pintu = door
tingkap = window
pensel = pencil
pemadam = eraser
pembaris = ruler
kasut = shoes
seluar = trousers
payung = umbrella
gembira = happy
sedih = sad
cantik = pretty
tinggi = tall
rendah = short
cepat = fast
lambat = slow
berlari = to run
berenang = to swim
membaca = to read
menulis = to write
bermain = to play
perpustakaan = library
hospital = hospital
kampung = village
bandar = town
pantai = beach
hutan = forest
harimau = tiger
gajah = elephant
monyet = monkey
rama-rama = butterfly
semut = ant
lebah = bee
`);

const TAMIL = pairs(`
அம்மா = mother
அப்பா = father
பள்ளி = school
புத்தகம் = book
மரம் = tree
பூனை = cat
வீடு = house
தண்ணீர் = water
சூரியன் = sun
நிலா = moon
மழை = rain
கடல் = sea
மலை = mountain
பறவை = bird
மீன் = fish
பழம் = fruit
வாழைப்பழம் = banana
காது = ear
நண்பன் = friend
ஆசிரியர் = teacher
மாணவன் = student
கதவு = door
சன்னல் = window
நாற்காலி = chair
மேசை = table
எழுதுகோல் = pen
காகிதம் = paper
வானம் = sky
நட்சத்திரம் = star
காற்று = wind
நெருப்பு = fire
பச்சை = green
சிவப்பு = red
மஞ்சள் = yellow
வெள்ளை = white
உணவு = food
தேநீர் = tea
முட்டை = egg
யானை = elephant
குரங்கு = monkey
சிங்கம் = lion
குதிரை = horse
மகிழ்ச்சி = happiness
அன்பு = love
விளையாட்டு = game
பாடம் = lesson
கடிதம் = letter
மருத்துவர் = doctor
கிராமம் = village
நகரம் = city
தோட்டம் = garden
இலை = leaf
விதை = seed
கனவு = dream
பயணம் = journey
`);

export const POOLS: Record<Language, Entry[]> = {
  English: ENGLISH,
  Chinese: CHINESE,
  Malay: MALAY,
  Tamil: TAMIL,
};

/** The half of each pool a split may use: a fixed shuffle, then even or odd places. */
export function poolFor(language: Language, split: 'tuning' | 'held-out'): Entry[] {
  const all = [...POOLS[language]];
  let state = 0x5eed;
  for (let i = all.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) >>> 0;
    const j = state % (i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.filter((_, i) => (i % 2 === 0) === (split === 'tuning'));
}
