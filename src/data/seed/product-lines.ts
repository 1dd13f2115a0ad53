/**
 * The product lines demo projects are about, with the words their titles and
 * descriptions use: written and read by a person, so generated text reads as
 * a brand's own (no generated adjectives).
 * @note Reordering or editing any list changes every seeded dataset.
 */
import { listOf } from './list-of.js'

/** A product a demo project is about, with the words its titles use. */
export interface ProductLine {
  /** As it reads in a project name: "Spring Sneaker Launch". */
  line: string
  /** One item, lower case, for "5 sneaker mistakes to avoid". */
  item: string
  /** Products of the line by name, each read after "the": "Cloudstep sneaker". */
  models: readonly string[]
  /** What tells one of a model from another, after the model: "in sand". */
  variants: readonly string[]
  /** What a close-up or a test looks at, after "the": "grip". */
  features: readonly string[]
  /** Endings of "How to … in 30 seconds". */
  howTo: readonly string[]
}

/**
 * A paragraph a product line, a row each: its `line` and `item`, then its `models`, `variants`, `features` and
 * `howTo`, items apart by " | ".
 */
const TABLE = `
Sneaker | sneaker
Cloudstep sneaker | Court Classic | Canvas Low | Hightop 86
in white | in black | in sand | in sage green | in navy
grip | cushioning | insole | stitching | suede upper
style white sneakers | lace sneakers for a slip-on fit | clean suede sneakers | stop sneakers from creasing | pick socks for low-tops

Denim | denim jacket
Ranger denim jacket | Straight 501 jeans | Wide-leg jeans | Selvedge overshirt
in light wash | in dark indigo | in black | in ecru | in stone wash
fade | fit | rivets | selvedge | wash
cuff your jeans | layer a denim jacket | find your jeans size | wash raw denim | hem jeans at home

Skincare | serum
Daybreak vitamin C serum | Cloud Cream moisturiser | Night Reset retinol | Clear Day SPF 50
in the travel size | in the refill pouch | in the full size | in the gift set | in the glass bottle
texture | scent | pump | finish | ingredient list
layer a vitamin C serum | build a morning routine | apply SPF over makeup | patch test a new product | start with retinol

Cold Brew | cold brew
Midnight cold brew | Oat Latte can | Vanilla cold brew | Single Origin concentrate
in the 12-pack | with oat milk | over ice | in the new can | in the decaf blend
roast | sweetness | caffeine kick | can design | finish
make cold brew at home | froth oat milk | pour a cold brew tonic | dilute a concentrate | make coffee ice cubes

Headphone | headphone
Arc 2 headphones | Studio One headphones | Pocket Buds | Trail earbuds
in black | in silver | in sand | in midnight blue | in white
noise cancelling | battery life | bass | ear cushions | call quality
pair headphones with two devices | turn on noise cancelling | clean your ear cushions | tune the equaliser | find lost earbuds

Smartwatch | smartwatch
Pulse 3 watch | Pulse 3 Mini | Field watch | Swim edition
in graphite | in silver | with the sport band | with the leather strap | in rose gold
heart-rate sensor | battery life | display | sleep score | strap
set up sleep tracking | swap a watch band | track an interval run | silence notifications at night | log a swim

Yoga Mat | yoga mat
Grounded mat | Travel Fold mat | Cork mat | Studio XL mat
in sage green | in terracotta | in charcoal | in lilac | in sand
grip | thickness | carry strap | alignment lines | weight
clean a yoga mat | roll a mat for travel | pick the right mat thickness | stop a mat from slipping | set up a home practice corner

Backpack | backpack
Commuter 22 backpack | Weekender 35 | Roll-top daypack | Camera pack
in black | in olive | in navy | in sand | in burgundy
laptop sleeve | straps | rain cover | hidden pocket | zips
pack a carry-on backpack | fit a laptop and a camera | adjust your shoulder straps | pack for three days in one bag | waterproof your bag

Espresso | espresso machine
Barista Pro machine | Home One machine | Twin Boiler | Flat burr grinder
in brushed steel | in matte black | in cream | with the milk jug | with the tamper kit
steam wand | grinder | warm-up time | portafilter | shot timer
pull a double shot | steam milk for latte art | descale an espresso machine | dial in a new bean | tamp evenly

Running Shoe | running shoe
Tempo 4 | Long Run trainer | Trail Pace | Race Day flat
in white | in volt yellow | in black | in coral | in the wide fit
cushioning | heel drop | outsole | upper | weight
lace running shoes for wide feet | tell when to replace running shoes | break in new trainers | pick a shoe for your first marathon | dry wet running shoes

Lip Color | lipstick
Velvet Matte lipstick | Gloss Balm | Lip Liner duo | Satin Bullet lipstick
in Brick Red | in Nude Rose | in Berry | in Coral Crush | in Plum
shade range | finish | wear time | packaging | formula
line your lips | make lipstick last all day | pick a shade for your undertone | blot without smudging | wear a bold lip to work

Action Camera | action camera
Hero Cam 5 | Hero Cam 5 Mini | Trail Cam | Dive Cam
with the dive housing | with the chest mount | on a bike helmet | on a surfboard | in the creator bundle
stabilisation | low-light footage | battery life | mounts | slow motion
mount an action camera on a helmet | shoot smooth slow motion | film a time-lapse | keep the lens dry in the rain | record a ride hands-free

Protein Snack | protein bar
Peanut Crunch bar | Salted Caramel bar | Cocoa Bites | Berry Oat bar
in the 12-box | in the new recipe | in the travel pack | in the variety box | in the vegan recipe
taste | protein count | texture | wrapper | sugar content
pack a post-workout snack | read a nutrition label | prep five snacks for the week | fuel a long hike | pick a bar for the office drawer

Home Fragrance | candle
Fig and Cedar candle | Sea Salt candle | Amber Night candle | Linen Room candle
in the large jar | in the travel tin | in the gift box | in the refill | in the three-wick jar
scent throw | burn time | wick | jar | base notes
trim a candle wick | layer home scents | stop candle tunnelling | reuse an empty jar | pick a scent for each room
`

/** The product lines demo projects are about. */
export const PRODUCT_LINES: readonly ProductLine[] = TABLE.trim()
  .split('\n\n')
  .map((paragraph) => {
    const rows = paragraph.split('\n').map(listOf) as Rows
    const [[line, item], models, variants, features, howTo] = rows
    return { line, item, models, variants, features, howTo }
  })

type Rows = [[string, string], string[], string[], string[], string[]]
