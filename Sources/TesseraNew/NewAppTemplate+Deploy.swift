// MARK: - Deploy kit

/// The generated app's deploy kit, in `deploy/`: a hardened systemd unit (one process per
/// port), an nginx site, a release script and a container file. They assume `/srv/<slug>`
/// (`current` the running release, `data` the database) and a `<slug>` system user.
extension NewAppTemplate {
    /// The name of the service, its user and its folder under `/srv` (`bookclub`).
    var slug: String { name.lowercased() }

    /// The deploy kit's files, by path.
    var deployFiles: [(String, String)] {
        [
            ("deploy/\(slug)@.service", systemdUnit), ("deploy/nginx-site.conf", nginxSite), ("deploy/release.sh", releaseScript),
            ("deploy/env.example", environmentExample), ("deploy/Containerfile", containerfile), ("deploy/README.md", deployReadme),
        ]
    }

    var systemdUnit: String {
        """
        # \(title), one process per port: `systemctl enable --now \(slug)@8081 \(slug)@8082`.
        # Installed as /etc/systemd/system/\(slug)@.service by deploy/release.sh; settings in /etc/\(slug)/env.
        [Unit]
        Description=\(title) on port %i
        After=network-online.target
        Wants=network-online.target

        [Service]
        Type=exec
        User=\(slug)
        Group=\(slug)
        WorkingDirectory=/srv/\(slug)/current
        EnvironmentFile=-/etc/\(slug)/env
        ExecStart=/srv/\(slug)/current/bin/\(name) serve --hostname 127.0.0.1 --port %i \\
            --db /srv/\(slug)/data/\(slug).sqlite --views /srv/\(slug)/current/Views --public /srv/\(slug)/current/Public \\
            --client-address-header X-Forwarded-For
        # SIGTERM drains: /up answers 503 at once, the port closes after the grace (5 s), requests
        # and jobs in flight finish within the drain timeout (25 s). Stop waits longer than both.
        KillSignal=SIGTERM
        TimeoutStopSec=45
        Restart=always
        RestartSec=1
        LimitNOFILE=65536

        # Its own user, no new privileges, a read-only system but the data folder.
        NoNewPrivileges=yes
        ProtectSystem=strict
        ReadWritePaths=/srv/\(slug)/data
        ProtectHome=yes
        PrivateTmp=yes
        PrivateDevices=yes
        ProtectKernelTunables=yes
        ProtectKernelModules=yes
        ProtectKernelLogs=yes
        ProtectControlGroups=yes
        ProtectClock=yes
        ProtectHostname=yes
        ProtectProc=invisible
        RestrictNamespaces=yes
        RestrictRealtime=yes
        RestrictSUIDSGID=yes
        LockPersonality=yes
        RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX
        SystemCallArchitectures=native
        CapabilityBoundingSet=
        UMask=0027

        [Install]
        WantedBy=multi-user.target

        """
    }

    var nginxSite: String {
        """
        # \(title) behind nginx: /etc/nginx/sites-enabled/\(slug).conf. One server line per
        # \(slug)@PORT unit; TLS here, and the app started with TESSERA_SECURE=1.
        upstream \(slug) {
            server 127.0.0.1:8081 max_fails=1 fail_timeout=2s;
            server 127.0.0.1:8082 max_fails=1 fail_timeout=2s;
            keepalive 32;
            keepalive_timeout 4s;
        }

        server {
            listen 80;
            listen [::]:80;
            server_name club.example.org;
            return 301 https://$host$request_uri;
        }

        server {
            listen 443 ssl http2;
            listen [::]:443 ssl http2;
            server_name club.example.org;
            ssl_certificate /etc/letsencrypt/live/club.example.org/fullchain.pem;
            ssl_certificate_key /etc/letsencrypt/live/club.example.org/privkey.pem;
            client_max_body_size 16m;

            # Each process's health is for the release script and a monitor, on 127.0.0.1:PORT/up;
            # from outside, /up answers for whichever process nginx picks.
            location = /up {
                proxy_pass http://\(slug);
                proxy_http_version 1.1;
                proxy_set_header Connection "";
                access_log off;
            }

            location /_tessera/live {
                proxy_pass http://\(slug);
                proxy_http_version 1.1;
                proxy_set_header Connection "";
                proxy_set_header Host $host;
                proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                proxy_set_header X-Request-ID $request_id;
                proxy_buffering off;
                proxy_read_timeout 1h;
            }

            location / {
                proxy_pass http://\(slug);
                proxy_http_version 1.1;
                proxy_set_header Connection "";
                proxy_set_header Host $host;
                proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                proxy_set_header X-Forwarded-Proto $scheme;
                proxy_set_header X-Request-ID $request_id;
                # A request a process did not answer (it drains, its port closing) goes to another,
                # POSTs included: a form's one-time token makes the replay run its action once.
                proxy_next_upstream error timeout http_502 http_503 non_idempotent;
                proxy_connect_timeout 2s;
            }
        }

        """
    }

    var releaseScript: String {
        #"""
        #!/bin/sh
        # Releases \#(title) on this host: builds, migrates while the old processes serve, then
        # restarts the \#(slug)@PORT units one at a time, waiting for each one's /up before the next.
        #   deploy/release.sh                 # ports 8081 8082
        #   PORTS="8081 8082 8083" deploy/release.sh
        set -eu

        APP=\#(name)
        SLUG=\#(slug)
        ROOT=${ROOT:-/srv/$SLUG}
        PORTS=${PORTS:-"8081 8082"}
        UP_TIMEOUT=${UP_TIMEOUT:-60}
        RELEASE="$ROOT/releases/$(date -u +%Y%m%d%H%M%S)"

        cd "$(dirname "$0")/.."

        echo "building"
        swift build -c release --product "$APP"
        "./.build/release/$APP" validate --views Views

        echo "installing $RELEASE"
        mkdir -p "$RELEASE/bin" "$ROOT/data"
        cp ".build/release/$APP" "$RELEASE/bin/"
        cp -R Views Public "$RELEASE/"
        if [ -f /etc/$SLUG/env ]; then set -a; . /etc/$SLUG/env; set +a; fi

        echo "checking"
        "$RELEASE/bin/$APP" doctor --db "$ROOT/data/$SLUG.sqlite" --views "$RELEASE/Views" || {
            echo "doctor found problems; fix them, or run with DOCTOR=warn to go on" >&2
            [ "${DOCTOR:-strict}" = warn ] || exit 1
        }

        echo "migrating while the old processes serve"
        "$RELEASE/bin/$APP" migrate --db "$ROOT/data/$SLUG.sqlite"
        chown -R "$SLUG:$SLUG" "$ROOT/data"

        ln -sfn "$RELEASE" "$ROOT/current.new" && mv -T "$ROOT/current.new" "$ROOT/current"
        install -m 644 deploy/$SLUG@.service /etc/systemd/system/$SLUG@.service
        systemctl daemon-reload

        for port in $PORTS; do
            echo "restarting $SLUG@$port"
            systemctl restart "$SLUG@$port"
            waited=0
            until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/up")" = 200 ]; do
                waited=$((waited + 1))
                if [ "$waited" -ge "$UP_TIMEOUT" ]; then
                    echo "$SLUG@$port is not up after $UP_TIMEOUT s; the others still serve the old release" >&2
                    journalctl -u "$SLUG@$port" -n 30 --no-pager >&2
                    exit 1
                fi
                sleep 1
            done
            echo "$SLUG@$port is up"
        done
        echo "released $RELEASE"

        """#
    }

    var environmentExample: String {
        """
        # /etc/\(slug)/env: read by the \(slug)@ units and deploy/release.sh (mode 600, owner root).
        TESSERA_PUBLIC_URL=https://club.example.org
        TESSERA_SECURE=1
        TESSERA_LOG_FORMAT=json
        # TESSERA_SMTP_URL=smtp://USER:PASSWORD@smtp.example.org
        # TESSERA_MAIL_FROM=club@example.org
        # TESSERA_DRAIN_GRACE=5
        # TESSERA_DRAIN_TIMEOUT=25
        # TESSERA_FAILED_JOB_RETENTION=30

        """
    }

    var containerfile: String {
        """
        # A container of \(title), for those who deploy containers: `podman build -f deploy/Containerfile .`
        # Mount a volume on /data; run one container per process behind the balancer, its health
        # check GET /up, its stop signal SIGTERM with a timeout over 30 s.
        FROM swift:6.1-bookworm AS build
        WORKDIR /build
        COPY . .
        RUN swift build -c release --static-swift-stdlib --product \(name) \\
            && ./.build/release/\(name) validate --views Views

        FROM debian:bookworm-slim
        RUN apt-get update && apt-get install -y --no-install-recommends libxml2 libsqlite3-0 ca-certificates curl \\
            && rm -rf /var/lib/apt/lists/* && useradd --system --home /app \(slug)
        WORKDIR /app
        COPY --from=build /build/.build/release/\(name) /app/bin/\(name)
        COPY --from=build /build/Views /app/Views
        COPY --from=build /build/Public /app/Public
        RUN mkdir /data && chown \(slug) /data
        USER \(slug)
        VOLUME /data
        EXPOSE 8080
        STOPSIGNAL SIGTERM
        HEALTHCHECK --interval=5s --timeout=3s CMD curl -fsS http://127.0.0.1:8080/up || exit 1
        CMD ["/app/bin/\(name)", "serve", "--hostname", "0.0.0.0", "--port", "8080", "--db", "/data/\(slug).sqlite"]

        """
    }

    var deployReadme: String {
        """
        # Deploying \(title)

        On a Linux host with Swift, systemd and nginx, once:

        ```sh
        useradd --system --home /srv/\(slug) --shell /usr/sbin/nologin \(slug)
        mkdir -p /srv/\(slug)/data /etc/\(slug)
        cp deploy/env.example /etc/\(slug)/env && chmod 600 /etc/\(slug)/env   # then edit it
        cp deploy/nginx-site.conf /etc/nginx/sites-enabled/\(slug).conf        # then edit server_name, certificates
        deploy/release.sh
        systemctl enable \(slug)@8081 \(slug)@8082
        ```

        Then each release is `deploy/release.sh`: it builds, checks the settings (`\(name) doctor`),
        migrates while the old processes serve, and restarts one process at a time, waiting for
        its `/up`. A stopping process drains: `/up` says 503 at once, the port closes after 5 s,
        what it was doing finishes. `deploy/Containerfile` builds a container instead.

        """
    }
}
