#!/usr/bin/env bash
# Remakes the generated media committed in the repository: the home hero video
# (WebM + MP4 + poster) and the default Open Graph image. Needs Debian's ffmpeg
# and imagemagick (apt-get install ffmpeg imagemagick fonts-dejavu-core).
set -euo pipefail
cd "$(dirname "$0")/.."

media=public/media
mkdir -p "$media" app/assets/og

# Hero: slow drifting light-blue gradients, 12 s, seamless enough to loop, no audio.
src=(-f lavfi -i "gradients=s=1280x720:r=24:d=12:c0=0xeef3fc:c1=0xdbe6fb:c2=0xfdf0d8:c3=0xc9dbfa:nb_colors=4:speed=0.03:type=linear:seed=11")
ffmpeg -y -loglevel error "${src[@]}" -an -c:v libvpx-vp9 -b:v 0 -crf 36 -row-mt 1 -deadline good -cpu-used 2 -pix_fmt yuv420p "$media/hero.webm"
ffmpeg -y -loglevel error "${src[@]}" -an -c:v libx264 -preset slow -crf 26 -pix_fmt yuv420p -movflags +faststart "$media/hero.mp4"
ffmpeg -y -loglevel error -i "$media/hero.mp4" -frames:v 1 -vf scale=1280:720 -c:v libwebp -quality 70 "$media/hero-poster.webp"

# Default Open Graph image (1200×630).
/usr/bin/convert -size 1200x630 gradient:'#123c8c-#061536' \
  -fill '#f5a623' -draw "roundrectangle 80,80 200,200 24,24" \
  -fill white -font DejaVu-Sans-Bold -pointsize 64 -annotate +80+330 'Freelancer Marketplace UK' \
  -fill '#dbe6fb' -font DejaVu-Sans -pointsize 34 -annotate +80+400 'Free introductions to vetted agencies, payroll,' \
  -annotate +80+450 'insurance, mortgages, accounting and training.' \
  -quality 82 app/assets/og/default.jpg

ls -l "$media" app/assets/og
