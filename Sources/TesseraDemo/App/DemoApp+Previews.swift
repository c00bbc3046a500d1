import Tessera

// MARK: - Previews

extension DemoApp {
    /// Every component of the demo, each with its previews (in `<Component>+Previews.swift`
    /// beside it), listed at `/_tessera/previews` in development and snapshotted by the tests.
    public var previews: [any Previewable.Type] {
        [
            NewPostsComponent.self, FeedComponent.self, PrioritiesComponent.self,
            UserInfoComponent.self, BlogListComponent.self, DraftListComponent.self, TrashSummaryComponent.self,
            ProfileFormComponent.self,
            BlogDetailComponent.self, LikeButtonComponent.self, BlogStatsComponent.self, CommentListComponent.self,
            CommentFormComponent.self, BlogEditFormComponent.self,
            DraftFormComponent.self,
            GalleryComponent.self, PhotoDetailComponent.self,
            ConversationListComponent.self, MessageListComponent.self, ComposerComponent.self, AwaitingReplyComponent.self,
            NewConversationFormComponent.self,
            TrashListComponent.self, TrashDeleteConfirmComponent.self,
            SignInFormComponent.self, SignUpFormComponent.self, PasswordFormComponent.self,
        ]
    }
}
