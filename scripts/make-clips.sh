#!/usr/bin/env bash
# Makes the sample clips behind download_url, fixtures/clips/*.mp4, from
# ffmpeg's synthetic sources, then embeds them for the API (scripts/embed-media.js).
# Run once from the repository root after changing a clip; commit the outputs
# (CI has no ffmpeg). Every source is seeded, so a rerun makes the same bytes.
# Made with Debian's ffmpeg 5.1 (libx264, native aac):
#   apt-get install -y ffmpeg && bash scripts/make-clips.sh
#
# Each clip: 4 s, 320x180, 25 fps, H.264 Main 3.0 + AAC-LC mono 32 kb/s, a sine
# tone of its own pitch, +faststart (playable while it downloads), no
# metadata; each is well under 200 KB.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=fixtures/clips
SIZE=320x180
mkdir -p "$OUT"
rm -f "$OUT"/*.mp4

make_clip() { # name, lavfi video source, tone in Hz
  ffmpeg -v error -y -f lavfi -i "$2" \
    -f lavfi -i "sine=frequency=$3:sample_rate=44100:duration=4" \
    -map 0:v -map 1:a -t 4 -c:v libx264 -profile:v main -level 3.0 \
    -pix_fmt yuv420p -preset veryslow -crf 30 -g 50 \
    -c:a aac -b:a 32k -ac 1 -shortest -movflags +faststart -map_metadata -1 \
    -fflags +bitexact -flags:v +bitexact -flags:a +bitexact "$OUT/$1.mp4"
}

make_clip testsrc2 "testsrc2=size=$SIZE:rate=25" 440
make_clip mandelbrot "mandelbrot=size=$SIZE:rate=25" 330
# Cellular sources at a coarse size, scaled up without smoothing: big cells
# compress far better than 1-pixel ones.
make_clip life "life=size=64x36:rate=6:mold=10:ratio=0.3:seed=7:death_color=#1b1f4a:life_color=#ffcc33,scale=s=$SIZE:flags=neighbor,fps=25" 392
# gradients draws its colours, positions and motion at random: all are given.
make_clip gradients "gradients=size=$SIZE:rate=25:speed=0.02:nb_colors=3:c0=0x2a5298:c1=0xdd2476:c2=0xffc371:x0=0:y0=0:x1=320:y1=180:seed=7" 523
make_clip smptehdbars "smptehdbars=size=$SIZE:rate=25" 587
make_clip cellauto "cellauto=size=160x90:rate=25:rule=30:random_seed=7,scale=s=$SIZE:flags=neighbor" 262

ls -l "$OUT"
node scripts/embed-media.js
