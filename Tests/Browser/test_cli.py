"""The `tessera` command: `validate` reports broken templates at their line and column, and
`serve` refuses to open its port with one."""
import shutil
import subprocess

from conftest import BINARY, ROOT, free_port


def broken_views(tmp_path):
    views = tmp_path / "Views"
    shutil.copytree(ROOT / "Views", views)
    cell = views / "Fortunes" / "FortuneCell.mustache"
    cell.write_text("<tr><td>{{id}}</td>\n<td class={{message}}>x</td></tr>\n")
    (views / "Broken.mustache").write_text("<div>\n  {{#open}}<p>never closed</p>\n</div>\n")
    return views


def test_validate_accepts_the_app_views():
    result = subprocess.run([str(BINARY), "validate", "--views", str(ROOT / "Views")], capture_output=True, text=True)
    assert result.returncode == 0
    assert result.stdout.strip().endswith("templates OK")


def test_validate_reports_every_error_at_line_and_column(tmp_path):
    result = subprocess.run([str(BINARY), "validate", "--views", str(broken_views(tmp_path))], capture_output=True, text=True)
    assert result.returncode != 0
    assert result.stderr.splitlines() == [
        "Views/Broken.mustache:2:3: section 'open' is never closed",
        "Views/Fortunes/FortuneCell.mustache:2:11: a value cannot stand in an unquoted attribute value; put the value in quotes",
    ]


def test_serve_refuses_to_start_with_a_bad_template(tmp_path):
    port = free_port()
    result = subprocess.run(
        [str(BINARY), "serve", "--port", str(port), "--db", str(tmp_path / "db.sqlite"), "--views", str(broken_views(tmp_path))],
        capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "Views/Broken.mustache:2:3: section 'open' is never closed" in result.stderr


def test_routes_lists_every_route_from_the_declarations():
    result = subprocess.run([str(BINARY), "routes"], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0
    lines = [" ".join(line.split()) for line in result.stdout.splitlines()]
    # method, path, who may use it (the scene's policy, narrowed by the action's), scene, component.action
    assert "GET /drafts/:id/edit signed in DraftEditorScene" in lines
    assert "POST /drafts/:id/edit/publish signed in DraftEditorScene DraftFormComponent.publish" in lines
    assert "POST /drafts/new signed in NewDraftScene DraftFormComponent.save" in lines
    assert "POST /blogs/:id/like anyone BlogScene LikeButtonComponent.like" in lines
    assert "POST /blogs/:id/trash owner (BlogDetailComponent) BlogScene BlogDetailComponent.trash" in lines
    assert "GET /blogs/:id/edit owner (BlogEditScene) BlogEditScene" in lines
    assert "POST /signin/signout anyone SignInScene SignInFormComponent.signout" in lines
    assert "GET /fortunes anyone FortunesScene [no session]" in lines
    # the routes serving stored files, and who reads them
    assert "GET /avatars/:name anyone (stored files)" in lines


def test_validate_names_a_component_the_scene_does_not_declare(tmp_path):
    views = tmp_path / "Views"
    shutil.copytree(ROOT / "Views", views)
    scene = views / "Blogs" / "BlogScene.mustache"
    scene.write_text(scene.read_text().replace("{{components.blog-stats}}", "{{components.blog-stat}}"))
    result = subprocess.run([str(BINARY), "validate", "--views", str(views)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode != 0
    assert result.stderr.splitlines() == [
        "Views/Blogs/BlogScene.mustache:13:7: BlogScene: its template places component 'blog-stat', which its composition "
        "does not declare (declared: blog-detail, like-button, blog-stats, comments, comment-form)",
    ]


def test_migrate_says_what_it_applied_and_then_that_nothing_was_pending(tmp_path):
    database = str(tmp_path / "db.sqlite")
    first = subprocess.run([str(BINARY), "migrate", "--db", database], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert first.returncode == 0, first.stderr
    head, *applied = first.stdout.splitlines()
    assert head.startswith(database + ": applied ") and "migrations now" in head
    assert "  demo.seed.v1" in applied and len(applied) > 5
    again = subprocess.run([str(BINARY), "migrate", "--db", database], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines() == [f"{database}: up to date, nothing to apply ({len(applied)} migrations applied before)"]


def test_validate_reports_a_form_without_its_token_and_the_type_checks_together(tmp_path):
    views = tmp_path / "Views"
    shutil.copytree(ROOT / "Views", views)
    form = views / "Comments" / "CommentFormComponent.mustache"
    form.write_text("\n".join(line for line in form.read_text().splitlines() if 'Tessera/FormTokens' not in line) + "\n")
    cell = views / "Fortunes" / "FortuneCell.mustache"
    cell.write_text(cell.read_text().replace("{{message}}", "{{messagex}}"))
    result = subprocess.run([str(BINARY), "validate", "--views", str(views)], capture_output=True, text=True)
    assert result.returncode != 0
    assert result.stderr.splitlines() == [
        "Views/Comments/CommentFormComponent.mustache:2:1: this form posts without a CSRF token, so the browser's "
        "submissions would be refused (403): put {{> Tessera/FormTokens}} inside it",
        "Views/Fortunes/FortuneCell.mustache:1:24: key 'messagex' is not provided by FortuneCellModel (FortuneCell)",
    ]
