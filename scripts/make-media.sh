#!/usr/bin/env bash
# Remakes the generated media committed in the repository: the home hero video
# (WebM + MP4 + poster) and the Open Graph images, one per page type. Needs Debian's ffmpeg
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

# Open Graph images (1200×630), one per page type: the brand gradient, a motif
# drawn from simple shapes, the site name and a line about that kind of page.
og() { # og <file> <gradient> <headline> <line 1> <line 2> <motif draw commands...>
  local file=$1 gradient=$2 headline=$3 line1=$4 line2=$5
  shift 5
  /usr/bin/convert -size 1200x630 "gradient:$gradient" \
    "$@" \
    -fill '#f5a623' -draw "roundrectangle 80,80 200,200 24,24" \
    -fill '#061536' -font DejaVu-Sans-Bold -pointsize 96 -annotate +112+176 'F' \
    -fill white -font DejaVu-Sans-Bold -pointsize 60 -annotate +80+330 "$headline" \
    -fill '#dbe6fb' -font DejaVu-Sans -pointsize 34 -annotate +80+400 "$line1" \
    -annotate +80+450 "$line2" \
    -fill '#f8bb4f' -font DejaVu-Sans-Bold -pointsize 28 -annotate +80+560 'Freelancer Marketplace UK' \
    -quality 82 "app/assets/og/$file"
}
# Other pages: the default card.
og default.jpg '#123c8c-#061536' 'Freelancer Marketplace UK' 'Free introductions to vetted agencies, payroll,' 'insurance, mortgages, accounting and training.' \
  -fill '#1a4fb4' -draw "circle 1060,140 1060,250"
# Home: overlapping circles, a network of people.
og home.jpg '#1a4fb4-#061536' 'The UK freelancer marketplace' 'Vetted recruitment agencies, compliant payroll' 'and freelance-friendly support, free for freelancers.' \
  -fill '#123c8c' -draw "circle 980,140 980,240" -fill '#0f2e66' -draw "circle 1090,180 1090,250" \
  -fill '#f8bb4f' -draw "circle 900,220 900,245" -fill '#dbe6fb' -draw "circle 1040,70 1040,88"
# Audience pages (freelancers, agencies): two figures, side by side.
og audience.jpg '#123c8c-#0a1f44' 'For freelancers and agencies' 'Introductions for contractors, and talent for' 'the agencies and businesses that hire them.' \
  -fill '#1a4fb4' -draw "circle 960,100 960,140" -draw "roundrectangle 910,150 1010,250 45,45" \
  -fill '#f5a623' -draw "circle 1070,110 1070,148" -draw "roundrectangle 1022,160 1118,250 45,45"
# Services: a grid of tiles, one per service.
og services.jpg '#0f2e66-#061536' 'Services for UK freelancers' 'Recruitment, payroll, insurance, mortgages,' 'accounting, training, and work in the USA and UAE.' \
  -fill '#1a4fb4' -draw "roundrectangle 900,60 990,150 18,18" -draw "roundrectangle 1010,60 1100,150 18,18" \
  -fill '#f5a623' -draw "roundrectangle 900,165 990,255 18,18" -fill '#123c8c' -draw "roundrectangle 1010,165 1100,255 18,18"
# Spotlight and resources: stacked pages of an article.
og spotlight.jpg '#123c8c-#061536' 'Spotlight On' 'News, guides and insight on payroll, compliance,' 'agencies and public-sector tenders.' \
  -fill '#0f2e66' -draw "roundrectangle 950,50 1120,240 16,16" -fill '#dbe6fb' -draw "roundrectangle 920,75 1090,260 16,16" \
  -fill '#123c8c' -draw "rectangle 945,110 1060,124" -draw "rectangle 945,145 1045,155" -draw "rectangle 945,172 1055,182" \
  -fill '#f5a623' -draw "rectangle 945,210 1015,222"
# Legal pages: a document with a shield.
og legal.jpg '#0a1f44-#061536' 'Policies and terms' 'How we handle your data, cookies, and the terms' 'of our free introduction service.' \
  -fill '#0f2e66' -draw "roundrectangle 950,50 1110,255 16,16" \
  -fill '#f5a623' -draw "polygon 1030,90 1075,108 1068,175 1030,210 992,175 985,108"

ls -l "$media" app/assets/og
